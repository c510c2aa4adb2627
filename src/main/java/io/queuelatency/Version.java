package io.queuelatency;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** The tool's version, from the build (queue-latency.properties). */
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
        return p.getProperty("version", "unknown");
    }

    @Override
    public String[] getVersion() {
        return new String[] {"queue-latency " + current()};
    }
}
