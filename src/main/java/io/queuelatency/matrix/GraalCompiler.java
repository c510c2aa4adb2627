package io.queuelatency.matrix;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * The GraalVM CE compiler from Maven Central ("jargraal"), run on the matching OpenJDK through JVMCI in place
 * of C2. Its jars are fetched once per version into {@code target/graal/<version>/} with Maven
 * ({@code src/matrix/graal-compiler.xml}) and go on the upgrade module path. ShowConfiguration makes the
 * compiler print which configuration it loaded, which is how a cell proves Graal really compiled: a JVM
 * that fell back to C2 prints nothing of the kind, and the cell fails.
 */
public final class GraalCompiler {
    private final Path projectDir;
    private final boolean fetch;

    /** {@code fetch} false: never run Maven (for --list); a version not fetched yet has no jars. */
    public GraalCompiler(Path projectDir, boolean fetch) {
        this.projectDir = projectDir;
        this.fetch = fetch;
    }

    public Path jarDir(String version) {
        return projectDir.resolve("target").resolve("graal").resolve(version);
    }

    /** The compiler's jars, fetched with Maven the first time. */
    public List<Path> jars(String version) throws IOException {
        Path dir = jarDir(version);
        List<Path> jars = list(dir);
        if (!jars.isEmpty() || !fetch) {
            return jars;
        }
        Path pom = projectDir.resolve("src").resolve("matrix").resolve("graal-compiler.xml");
        Path partial = dir.resolveSibling(version + ".partial");
        List<String> command = Arrays.asList(maven(), "-q", "-B", "-f", pom.toString(), "-Dgraal.version=" + version,
                "-Dgraal.dir=" + partial, "dependency:copy-dependencies");
        Path log = projectDir.resolve("target").resolve("graal-fetch.log");
        Process p = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        try {
            if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IOException("fetching GraalVM compiler " + version
                        + " with Maven failed (see target/graal-fetch.log)");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while fetching GraalVM compiler " + version);
        }
        Files.move(partial, dir);
        return list(dir);
    }

    /** The JVM options that make OpenJDK {@code major} compile with these jars instead of C2. */
    public static List<String> flags(String version, List<Path> jars) {
        List<String> flags = new ArrayList<>(Arrays.asList(
                "-XX:+UnlockExperimentalVMOptions", "-XX:+EnableJVMCI", "-XX:+UseJVMCICompiler"));
        flags.add("--upgrade-module-path="
                + jars.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator)));
        flags.add("-D" + propertyPrefix(version) + "ShowConfiguration=info");
        return flags;
    }

    /** Graal's options are graal.* up to 23.x and jdk.graal.* from 24 (GraalVM for JDK 22) on. */
    static String propertyPrefix(String version) {
        int major = Integer.parseInt(version.split("\\.")[0]);
        return major >= 24 ? "jdk.graal." : "graal.";
    }

    /** What ShowConfiguration=info prints when the compiler is the one in use. */
    public static boolean activeIn(String log) {
        return log.contains("Using compiler configuration") || log.contains("Using \"Graal");
    }

    private static List<Path> list(Path dir) throws IOException {
        List<Path> jars = new ArrayList<>();
        if (Files.isDirectory(dir)) {
            try (java.util.stream.Stream<Path> files = Files.list(dir)) {
                files.filter(f -> f.toString().endsWith(".jar")).sorted().forEach(jars::add);
            }
        }
        return jars;
    }

    private static String maven() {
        String home = System.getenv("MAVEN_HOME");
        return home != null && new File(home, "bin/mvn").canExecute() ? home + "/bin/mvn" : "mvn";
    }
}
