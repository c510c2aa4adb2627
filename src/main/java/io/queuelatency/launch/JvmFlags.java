package io.queuelatency.launch;

import io.queuelatency.exit.BadInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The JVM options the measured JVM gets from the tool, by the JDK's major version: Chronicle's analytics off; a fixed
 * heap touched up front (2 GiB, or {@code -Dqueuelatency.heap}), half of it young, so that the monitor's ~50 KB/s take
 * hours to cause a GC; on 9+ the module access Chronicle needs; on 24+ native and Unsafe memory access.
 */
public final class JvmFlags {
    static final List<String> MODULE_ACCESS = Arrays.asList(
            "--add-exports=java.base/jdk.internal.ref=ALL-UNNAMED",
            "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED",
            "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-exports=jdk.unsupported/sun.misc=ALL-UNNAMED",
            "--add-exports=jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED",
            "--add-opens=jdk.compiler/com.sun.tools.javac=ALL-UNNAMED",
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
            "--add-opens=java.base/java.io=ALL-UNNAMED",
            "--add-opens=java.base/java.util=ALL-UNNAMED",
            "--add-opens=java.base/java.nio=ALL-UNNAMED");
    static final List<String> NATIVE_ACCESS = Arrays.asList(
            "--enable-native-access=ALL-UNNAMED",
            "--sun-misc-unsafe-memory-access=allow");
    /** What a measured JVM takes of the host's memory beside the queue: its heap and a guess at the rest. */
    public static long measuredJvmBytes() {
        return heapBytes(heapSize()) + (512L << 20);
    }

    /** As -Xmx takes it: 512m, 4g. */
    public static final String HEAP_PROPERTY = "queuelatency.heap";
    static final String DEFAULT_HEAP = "2g";
    private static final Pattern SIZE = Pattern.compile("([1-9][0-9]{0,5})([mMgG])");

    private JvmFlags() {
    }

    public static List<String> forMajor(int major) {
        String heap = heapSize();
        long young = heapBytes(heap) / 2;
        List<String> flags = new ArrayList<>(Arrays.asList("-Dchronicle.analytics.disable=true",
                "-Xms" + heap, "-Xmx" + heap, young % (1L << 30) == 0 ? "-Xmn" + (young >> 30) + "g"
                        : "-Xmn" + (young >> 20) + "m", "-XX:+AlwaysPreTouch"));
        if (major >= 9) {
            flags.addAll(MODULE_ACCESS);
        }
        if (major >= 24) {
            flags.addAll(NATIVE_ACCESS);
        }
        return flags;
    }

    /** Bad input where it is not a size from 256m to 64g. */
    static String heapSize() {
        String size = System.getProperty(HEAP_PROPERTY, DEFAULT_HEAP);
        long bytes = heapBytes(size);
        if (bytes < (256L << 20) || bytes > (64L << 30)) {
            throw new BadInputException("-D" + HEAP_PROPERTY + "=" + size + " is not a heap size from 256m to 64g "
                    + "(the measured JVM's, as -Xmx takes it: 512m, 4g)");
        }
        return size;
    }

    private static long heapBytes(String size) {
        Matcher m = SIZE.matcher(size);
        if (!m.matches()) {
            return 0;
        }
        return Long.parseLong(m.group(1)) << (m.group(2).equalsIgnoreCase("g") ? 30 : 20);
    }

    /** Those a JVM of {@code major} needs for Chronicle that {@code given} lacks. */
    public static List<String> missingForChronicle(int major, List<String> given) {
        List<String> needed = new ArrayList<>();
        if (major >= 17) {
            needed.addAll(MODULE_ACCESS);
        }
        if (major >= 24) {
            needed.addAll(NATIVE_ACCESS);
        }
        needed.removeAll(given);
        return needed;
    }
}
