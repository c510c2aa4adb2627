package io.queuelatency.launch;

import java.io.File;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/** The class path of the running code, to hand to a forked JVM. */
public final class ClassPath {
    private ClassPath() {
    }

    /** Under {@code mvn exec:java} the plugin's class loader's URLs; else java.class.path. */
    public static String of(Class<?> anchor) {
        ClassLoader loader = anchor.getClassLoader();
        if (loader instanceof URLClassLoader && loader != ClassLoader.getSystemClassLoader()) {
            List<String> entries = new ArrayList<>();
            for (URL url : ((URLClassLoader) loader).getURLs()) {
                if ("file".equals(url.getProtocol())) {
                    try {
                        entries.add(Paths.get(url.toURI()).toString());
                    } catch (URISyntaxException e) {
                        entries.add(url.getPath());
                    }
                }
            }
            if (!entries.isEmpty()) {
                return String.join(File.pathSeparator, entries);
            }
        }
        return System.getProperty("java.class.path");
    }
}
