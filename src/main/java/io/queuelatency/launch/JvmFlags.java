package io.queuelatency.launch;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The JVM options the measured JVM gets from the tool, by the JDK's major version, so that nobody has to
 * know them and every result records them:
 * <ul>
 *   <li>all: analytics off (Chronicle otherwise phones home); a fixed 2 GiB heap touched up front, so
 *       that heap growth and page faults stay out of the measured window, with a fixed 1 GiB young
 *       generation: the monitoring thread allocates ~50 KB/s (HdrHistogram's log encoding), which then
 *       takes hours, not seconds, to fill it and cause a GC in the window;</li>
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
     * What a measured JVM takes of the host's memory beside the queue: its heap, pre-touched (-Xms2g, AlwaysPreTouch),
     * and a guess at the rest (code cache, metaspace, threads). A controller that checks a run's queue against the free
     * memory before the run's JVM exists must leave this out of it, as the run's own check will.
     */
    public static final long MEASURED_JVM_BYTES = (2L << 30) + (512L << 20);
    static final List<String> EVERY_JVM = Arrays.asList(
            "-Dchronicle.analytics.disable=true",
            "-Xms2g", "-Xmx2g", "-Xmn1g", "-XX:+AlwaysPreTouch");

    private JvmFlags() {
    }

    public static List<String> forMajor(int major) {
        List<String> flags = new ArrayList<>(EVERY_JVM);
        if (major >= 9) {
            flags.addAll(MODULE_ACCESS);
        }
        if (major >= 24) {
            flags.addAll(NATIVE_ACCESS);
        }
        return flags;
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
