package io.queuelatency.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResolvedJvmTest {
    @TempDir
    Path tmp;
    private JdkDiscovery discovery;
    private GraalCompiler graal;

    @BeforeEach
    void jdks() throws Exception {
        Path root = tmp.resolve("jdks");
        FakeJdks.openjdk(root.resolve("openjdk-17"), 17);
        FakeJdks.openjdk(root.resolve("openjdk-25"), 25);
        discovery = new JdkDiscovery(Collections.singletonList(root));
        Path project = tmp.resolve("project");
        for (String v : new String[] {"22.3.3", "25.0.2"}) { // as if fetched already
            Path dir = Files.createDirectories(project.resolve("target/graal/" + v));
            Files.write(dir.resolve("compiler-" + v + ".jar"), new byte[0]);
            Files.write(dir.resolve("graal-sdk-" + v + ".jar"), new byte[0]);
        }
        graal = new GraalCompiler(project, false);
    }

    private static MatrixConfig.Entry entry(String id, int major, MatrixConfig.Distribution d, String jargraal) {
        MatrixConfig.Entry e = new MatrixConfig.Entry();
        e.id = id;
        e.label = id;
        e.major = major;
        e.distribution = d;
        e.jargraal = jargraal;
        return e;
    }

    @Test
    void openJdkGetsChroniclesFlagsForItsVersion() {
        ResolvedJvm r =
                ResolvedJvm.resolve(entry("openjdk-17", 17, MatrixConfig.Distribution.OPENJDK, null), discovery, graal,
                        Collections.<String>emptyList());
        assertTrue(r.available());
        assertEquals("C2 (HotSpot)", r.compiler);
        assertTrue(r.toolFlags.contains("--add-opens=java.base/java.lang=ALL-UNNAMED"));
        assertFalse(r.requiresGraalProof);
    }

    @Test
    void graalVmCeWithoutAnInstallRunsTheCentralCompilerOnOpenJdkAndSaysSo() {
        ResolvedJvm r = ResolvedJvm.resolve(entry("graalvm-ce-17", 17, MatrixConfig.Distribution.GRAALVM_CE, "22.3.3"),
                discovery, graal, Collections.<String>emptyList());
        assertTrue(r.available(), r.unavailable);
        assertEquals("GraalVM CE 22.3.3 compiler (jargraal) on OpenJDK 17.0.3", r.label);
        assertTrue(r.requiresGraalProof, "a silent fallback to C2 must fail the cell");
        assertTrue(r.toolFlags.contains("-XX:+EnableJVMCI") && r.toolFlags.contains("-XX:+UseJVMCICompiler")
                && r.toolFlags.contains("-XX:+UnlockExperimentalVMOptions"), r.toolFlags.toString());
        assertTrue(r.toolFlags.contains("-Dgraal.ShowConfiguration=info"), r.toolFlags.toString());
        assertTrue(r.toolFlags.stream()
                .anyMatch(f -> f.startsWith("--upgrade-module-path=") && f.contains("compiler-22.3.3.jar")));
    }

    @Test
    void graal25UsesTheJdkGraalPropertyPrefix() {
        ResolvedJvm r = ResolvedJvm.resolve(entry("graalvm-ce-25", 25, MatrixConfig.Distribution.GRAALVM_CE, "25.0.2"),
                discovery, graal, Collections.<String>emptyList());
        assertTrue(r.toolFlags.contains("-Djdk.graal.ShowConfiguration=info"), r.toolFlags.toString());
        assertTrue(r.toolFlags.contains("--enable-native-access=ALL-UNNAMED"));
    }

    @Test
    void graalVmCeWithNoOpenJdkToCarryItIsUnavailable() {
        ResolvedJvm r = ResolvedJvm.resolve(entry("graalvm-ce-21", 21, MatrixConfig.Distribution.GRAALVM_CE, "23.1.8"),
                discovery, graal, Collections.<String>emptyList());
        assertFalse(r.available());
        assertNames(r.unavailable, "21", "23.1.8", tmp.resolve("jdks"));
    }

    @Test
    void oracleGraalVmIsNeverFakedAndSaysHowToGetIt() {
        ResolvedJvm r = ResolvedJvm.resolve(entry("graalvm-ee-17", 17, MatrixConfig.Distribution.ORACLE_GRAALVM, null),
                discovery, graal, Collections.<String>emptyList());
        assertFalse(r.available());
        assertNames(r.unavailable, "17", tmp.resolve("jdks"), "oracle.com/java/technologies/downloads", "/opt",
                "JDK_ROOTS", "home:", "jvm-matrix.yaml");
    }

    @Test
    void anExplicitHomeOfTheWrongVersionIsRefused() {
        MatrixConfig.Entry e = entry("mine", 21, MatrixConfig.Distribution.OPENJDK, null);
        e.home = tmp.resolve("jdks/openjdk-17");
        ResolvedJvm r = ResolvedJvm.resolve(e, discovery, graal, Collections.<String>emptyList());
        assertFalse(r.available());
        assertNames(r.unavailable, tmp.resolve("jdks/openjdk-17"), "17", "21");
    }

    @Test
    void graalProofIsTheShowConfigurationLine() {
        assertTrue(GraalCompiler.activeIn("[Use -Dgraal.LogFile=<path> to redirect Graal log output to a file.]\n"
                + "Using compiler configuration 'community' provided by "
                + "org.graalvm.compiler.hotspot.CommunityCompilerConfigurationFactory"));
        assertFalse(GraalCompiler.activeIn("# queue-latency ...\nVALID"));
    }

    @Test
    void twoBuildsOfOneVersionAreToldApartByVendorAndNeverResolveToTheSameJdk() throws Exception {
        Path root = tmp.resolve("jdks");
        // Temurin found first: without the vendor rule, openjdk-25 would take it too.
        FakeJdks.home(root.resolve("a-temurin-25"), "25", "25.0.3", "Eclipse Adoptium", "Temurin-25.0.3+9",
                "OpenJDK 64-Bit Server VM");
        JdkDiscovery both = new JdkDiscovery(Collections.singletonList(root));
        MatrixConfig.Entry temurin = entry("temurin-25", 25, MatrixConfig.Distribution.OPENJDK, null);
        temurin.vendor = "temurin";
        ResolvedJvm t = ResolvedJvm.resolve(temurin, both, graal, Collections.<String>emptyList());
        ResolvedJvm o =
                ResolvedJvm.resolve(entry("openjdk-25", 25, MatrixConfig.Distribution.OPENJDK, null), both, graal,
                Collections.singletonList("temurin"));
        assertTrue(t.available() && o.available());
        assertEquals("Eclipse Adoptium", t.jdk.vendor);
        assertEquals("Debian", o.jdk.vendor, "the entry without a vendor takes a build no other entry claims");
        MatrixConfig.Entry zulu = entry("zulu-25", 25, MatrixConfig.Distribution.OPENJDK, null);
        zulu.vendor = "zulu";
        ResolvedJvm z = ResolvedJvm.resolve(zulu, both, graal, Collections.<String>emptyList());
        assertFalse(z.available());
        assertNames(z.unavailable, "25", "'zulu'");
    }

    @Test
    void graalVmCeAfterJdk25IsReportedNotAvailableWithWhy() {
        ResolvedJvm r = ResolvedJvm.resolve(entry("graalvm-ce-26", 26, MatrixConfig.Distribution.GRAALVM_CE, null),
                discovery, graal, Collections.<String>emptyList());
        assertFalse(r.available());
        assertNames(r.unavailable, "26", "25");
    }

    /** Why a JVM is unavailable is one line naming each of {@code values} (versions, paths, where to get it). */
    private static void assertNames(String why, Object... values) {
        assertFalse(why.contains("\n"), why);
        for (Object v : values) {
            assertTrue(why.contains(v.toString()), v + " named in: " + why);
        }
    }
}
