package io.queuelatency.matrix;

import io.queuelatency.launch.JavaProbe;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finds JDK homes and asks each what it is. Places, in this order (the first match wins): JAVA_HOME, each
 * directory in JDK_ROOTS (a JDK home, or a folder of them), /usr/lib/jvm, ~/.sdkman/candidates/java,
 * ~/.jdks, /opt. A home seen twice (through a link) counts once.
 */
public final class JdkDiscovery {
    private final List<Path> places;
    private final Map<Path, JdkInfo> probed = new LinkedHashMap<>();
    private final Map<Path, String> failures = new LinkedHashMap<>();
    private boolean scanned;

    public JdkDiscovery(List<Path> places) {
        this.places = places;
    }

    public static JdkDiscovery fromEnvironment(Map<String, String> env, String userHome) {
        List<Path> places = new ArrayList<>();
        String javaHome = env.get("JAVA_HOME");
        if (javaHome != null && !javaHome.isEmpty()) {
            places.add(Paths.get(javaHome));
        }
        String roots = env.get("JDK_ROOTS");
        if (roots != null) {
            Arrays.stream(roots.split(File.pathSeparator)).filter(r -> !r.isEmpty()).map(Paths::get)
                    .forEach(places::add);
        }
        places.add(Paths.get("/usr/lib/jvm"));
        places.add(Paths.get(userHome, ".sdkman", "candidates", "java"));
        places.add(Paths.get(userHome, ".jdks"));
        places.add(Paths.get("/opt"));
        return new JdkDiscovery(places);
    }

    public List<Path> places() {
        return places;
    }

    /** Every JDK found, in the order of the places. */
    public synchronized List<JdkInfo> all() {
        if (!scanned) {
            for (Path home : candidateHomes()) {
                probe(home);
            }
            scanned = true;
        }
        return new ArrayList<>(probed.values());
    }

    public JdkInfo find(int major, MatrixConfig.Distribution distribution) {
        return find(major, distribution, null, java.util.Collections.<String>emptyList());
    }

    /**
     * The first JDK of this version and distribution that is the build {@code vendor} names (null: any) and none of
     * those other entries {@code claimed}, so that "openjdk-25" and "temurin-25" never resolve to one JDK; or null.
     */
    public JdkInfo find(int major, MatrixConfig.Distribution distribution, String vendor, List<String> claimed) {
        return all().stream().filter(jdk -> jdk.major == major && jdk.distribution == distribution
                && (vendor != null ? jdk.isBuildOf(vendor) : claimed.stream().noneMatch(jdk::isBuildOf)))
                .findFirst().orElse(null);
    }

    /** Asks the java of {@code home}; null when it does not answer (the reason is kept). */
    public synchronized JdkInfo probe(Path home) {
        Path key = realPath(home);
        if (probed.containsKey(key)) {
            return probed.get(key);
        }
        try {
            JdkInfo info = new JdkInfo(home, JavaProbe.properties(JavaProbe.executable(home)));
            probed.put(key, info);
            return info;
        } catch (IOException | RuntimeException e) {
            failures.put(home, e.getMessage());
            return null;
        }
    }

    public synchronized String failure(Path home) {
        return failures.get(home);
    }

    private List<Path> candidateHomes() {
        Set<Path> seen = new LinkedHashSet<>();
        List<Path> homes = new ArrayList<>();
        for (Path place : places) {
            File[] children = isHome(place) ? new File[] {place.toFile()} : place.toFile().listFiles();
            if (children == null) {
                continue;
            }
            Arrays.sort(children);
            for (File child : children) {
                if (isHome(child.toPath()) && seen.add(realPath(child.toPath()))) {
                    homes.add(child.toPath());
                }
            }
        }
        return homes;
    }

    private static boolean isHome(Path dir) {
        return Files.isExecutable(dir.resolve("bin").resolve("java"))
                && !Files.isDirectory(dir.resolve("bin").resolve("java"));
    }

    private static Path realPath(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath();
        }
    }
}
