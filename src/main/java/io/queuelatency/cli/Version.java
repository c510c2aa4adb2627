package io.queuelatency.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * The tool's version, from the build (queue-latency.properties): the project's version and the commit it was built
 * from, "0.1.0-SNAPSHOT (build 94ea2f9)", or "(build 94ea2f9, modified)" where tracked files differed from that
 * commit; the version alone where the build had no git (pom.xml's git-build profile).
 */
public final class Version implements IVersionProvider {
    public static String current() {
        Properties p = new Properties();
        try (InputStream in = Version.class.getResourceAsStream("/queue-latency.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // unknown below
        }
        return of(p);
    }

    static String of(Properties p) {
        String version = p.getProperty("version", "unknown");
        String build = p.getProperty("build", "");
        if (!build.matches("[0-9a-f]{7,40}")) {
            return version;
        }
        return version + " (build " + build + ("true".equals(p.getProperty("modified")) ? ", modified)" : ")");
    }

    @Override
    public String[] getVersion() {
        return new String[] {"queue-latency " + current()};
    }
}
