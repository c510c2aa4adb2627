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

    /**
     * Under {@code mvn exec:java} this code is loaded by the plugin's own class loader (project classes
     * plus dependencies) while java.class.path names only Maven's launcher, so that loader's URLs are the
     * class path; under {@code java -jar} or {@code -cp} it is java.class.path.
     */
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
