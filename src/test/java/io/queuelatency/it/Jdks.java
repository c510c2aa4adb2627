package io.queuelatency.it;

import static org.junit.jupiter.api.Assertions.fail;

import io.queuelatency.host.JvmIdentity;
import io.queuelatency.launch.JavaProbe;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * JDKs of other versions, found under the directories in JDK_ROOTS (each a JDK home or a folder of them)
 * and identified by asking their java. Without one a test is skipped with a message; with
 * QUEUE_LATENCY_REQUIRE_JDKS=true (as .ci/run sets) it fails instead.
 */
final class Jdks {
    private Jdks() {
    }

    static Path home(int major) throws IOException {
        String roots = System.getenv("JDK_ROOTS");
        for (Path home : candidates(roots)) {
            Map<String, String> props;
            try {
                props = JavaProbe.properties(JavaProbe.executable(home));
            } catch (IOException e) {
                continue;
            }
            if (JvmIdentity.majorVersion(props.get("java.specification.version")) == major) {
                return home;
            }
        }
        String why = "no JDK " + major + " under JDK_ROOTS=" + (roots == null ? "(unset)" : roots)
                + "; run ../shared/jdks/provision.sh and set JDK_ROOTS to its directory";
        if ("true".equals(System.getenv("QUEUE_LATENCY_REQUIRE_JDKS"))) {
            fail(why);
        }
        Jar.skip(why);
        return null;
    }

    private static List<Path> candidates(String roots) {
        List<Path> homes = new ArrayList<>();
        if (roots == null) {
            return homes;
        }
        for (String root : roots.split(File.pathSeparator)) {
            if (root.isEmpty()) {
                continue;
            }
            Path dir = Paths.get(root);
            if (Files.isExecutable(dir.resolve("bin/java"))) {
                homes.add(dir);
            }
            File[] children = dir.toFile().listFiles();
            if (children != null) {
                Arrays.sort(children); // openjdk-25 before temurin-25
                for (File child : children) {
                    if (new File(child, "bin/java").canExecute()) {
                        homes.add(child.toPath());
                    }
                }
            }
        }
        return homes;
    }
}
