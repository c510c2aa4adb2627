package io.queuelatency.launch;

import io.queuelatency.exit.BadInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The JVM options the measured JVM gets from the tool, by the JDK's major version, so that nobody has to
 * know them and every result records them:
 * <ul>
 *   <li>all: analytics off (Chronicle otherwise phones home); a fixed 2 GiB heap touched up front, so
 *       that heap growth and page faults stay out of the measured window, with a fixed 1 GiB young
 *       generation: the monitoring thread allocates ~50 KB/s (HdrHistogram's log encoding), which then
 *       takes hours, not seconds, to fill it and cause a GC in the window. {@code -Dqueuelatency.heap=SIZE}
 *       (256m to 64g) on the tool's own command line sets another size, with half of it young: for a host
 *       with less memory, or one where touching 2 GiB takes a minute (a nested VM: 80 s here);</li>
 *   <li>9+: the module exports and opens Chronicle needs for its off-heap access;</li>
 *   <li>24+: native access and sun.misc.Unsafe memory access, which those JDKs restrict.</li>
 * </ul>
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
    /**
     * What a measured JVM takes of the host's memory beside the queue: its heap, pre-touched (2 GiB, or what
     * -Dqueuelatency.heap sets), and a guess at the rest (code cache, metaspace, threads). A controller that checks a
     * run's queue against the free memory before the run's JVM exists must leave this out of it, as the run's own check
     * will.
     */
    public static long measuredJvmBytes() {
        return heapBytes(heapSize()) + (512L << 20);
    }

    /** The system property that sets the measured JVM's heap, as -Xmx takes it: 512m, 4g. */
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

    /** The heap size -Dqueuelatency.heap gives, or 2g; bad input where it is not a size from 256m to 64g. */
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

    /** The module flags a JVM of {@code major} needs for Chronicle that {@code given} lacks. */
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
