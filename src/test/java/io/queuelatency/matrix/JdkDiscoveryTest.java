package io.queuelatency.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Over fake JDK homes: identified by what their java says, never by the folder's name. */
class JdkDiscoveryTest {
    @TempDir
    Path tmp;

    @Test
    void findsJdksByMajorAndDistributionUnderARootOfHomes() throws Exception {
        Path root = tmp.resolve("jdks");
        FakeJdks.openjdk(root.resolve("a"), 8);
        FakeJdks.openjdk(root.resolve("b"), 17);
        FakeJdks.home(root.resolve("c"), "21", "21.0.2", "GraalVM Community", "GraalVM CE 21.0.2+13.1",
                "OpenJDK 64-Bit Server VM");
        FakeJdks.home(root.resolve("d"), "21", "21.0.1", "Oracle Corporation", "Oracle GraalVM 21.0.1+12.1",
                "Java HotSpot(TM) 64-Bit Server VM");
        FakeJdks.broken(root.resolve("e"));
        JdkDiscovery discovery = new JdkDiscovery(Collections.singletonList(root));
        assertEquals(root.resolve("a"), discovery.find(8, MatrixConfig.Distribution.OPENJDK).home);
        assertEquals("1.8.0_504", discovery.find(8, MatrixConfig.Distribution.OPENJDK).version);
        assertEquals(root.resolve("b"), discovery.find(17, MatrixConfig.Distribution.OPENJDK).home);
        assertEquals(root.resolve("c"), discovery.find(21, MatrixConfig.Distribution.GRAALVM_CE).home);
        assertEquals(root.resolve("d"), discovery.find(21, MatrixConfig.Distribution.ORACLE_GRAALVM).home);
        assertNull(discovery.find(21, MatrixConfig.Distribution.OPENJDK), "GraalVM is not taken for OpenJDK");
        assertNull(discovery.find(11, MatrixConfig.Distribution.OPENJDK));
        assertEquals(4, discovery.all().size(), "the broken one is skipped");
    }

    @Test
    void aFolderNameDoesNotDecide() throws Exception {
        FakeJdks.openjdk(tmp.resolve("jdk-17-really"), 11);
        JdkDiscovery discovery = new JdkDiscovery(Collections.singletonList(tmp));
        assertNull(discovery.find(17, MatrixConfig.Distribution.OPENJDK));
        assertEquals(11, discovery.find(11, MatrixConfig.Distribution.OPENJDK).major);
    }

    @Test
    void placesAreSearchedInOrderAndAHomeSeenTwiceCountsOnce() throws Exception {
        Path first = FakeJdks.openjdk(tmp.resolve("first/jdk"), 17);
        Path second = FakeJdks.openjdk(tmp.resolve("second/jdk"), 17);
        Files.createSymbolicLink(tmp.resolve("second/link"), first);
        JdkDiscovery discovery = new JdkDiscovery(Arrays.asList(tmp.resolve("second"), tmp.resolve("first")));
        assertEquals(second, discovery.find(17, MatrixConfig.Distribution.OPENJDK).home, "the earlier place wins");
        assertEquals(2, discovery.all().size(), "the link to first/jdk is the same JDK");
    }

    @Test
    void theEnvironmentGivesJavaHomeThenJdkRootsThenTheUsualPlaces() {
        Map<String, String> env = new HashMap<>();
        env.put("JAVA_HOME", "/j/home");
        env.put("JDK_ROOTS", "/r/one:/r/two");
        JdkDiscovery discovery = JdkDiscovery.fromEnvironment(env, "/u");
        assertEquals(Arrays.asList("/j/home", "/r/one", "/r/two", "/usr/lib/jvm", "/u/.sdkman/candidates/java",
                "/u/.jdks", "/opt"),
                discovery.places().stream().map(Path::toString).collect(java.util.stream.Collectors.toList()));
    }

    @Test
    void graalVmIsToldApartByItsOwnWords() {
        assertEquals(MatrixConfig.Distribution.OPENJDK, JdkInfo.classify("OpenJDK 64-Bit Server VM  17.0.15+6"));
        assertEquals(MatrixConfig.Distribution.GRAALVM_CE,
                JdkInfo.classify("OpenJDK 64-Bit Server VM GraalVM CE 22.3.0"));
        assertEquals(MatrixConfig.Distribution.GRAALVM_CE,
                JdkInfo.classify("OpenJDK 64-Bit Server VM GraalVM CE 21.0.2+13.1"));
        assertEquals(MatrixConfig.Distribution.ORACLE_GRAALVM,
                JdkInfo.classify("Java HotSpot(TM) 64-Bit Server VM GraalVM EE 22.3.0"));
        assertEquals(MatrixConfig.Distribution.ORACLE_GRAALVM,
                JdkInfo.classify("Java HotSpot(TM) 64-Bit Server VM Oracle GraalVM 21.0.1+12.1"));
    }
}
