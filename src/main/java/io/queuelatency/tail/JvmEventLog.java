package io.queuelatency.tail;

import io.queuelatency.result.Tail;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * Records the measured JVM's safepoints into a file of the run, from inside the JVM: the {@code VM.log}
 * diagnostic command (what {@code jcmd <pid> VM.log} runs) turns on unified logging of safepoints with the
 * {@code timenanos} decoration, so no option has to be passed at launch and nothing is written anywhere else.
 * JDK 9 and later; JDK 8 has no unified logging, and the result says so.
 */
public final class JvmEventLog {
    public static final String FILE_NAME = "safepoints.log";

    private final Path file;
    /** Null when recording; else why not. */
    public final String notRecorded;

    private JvmEventLog(Path file, String notRecorded) {
        this.file = file;
        this.notRecorded = notRecorded;
    }

    /** Starts recording into {@code dir}/safepoints.log; never throws (a JVM that cannot says why in the result). */
    public static JvmEventLog start(Path dir) {
        Path file = dir.resolve(FILE_NAME);
        try {
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            ObjectName dcmd = new ObjectName("com.sun.management:type=DiagnosticCommand");
            server.invoke(dcmd, "vmLog", new Object[] {new String[] {"output=file=" + file, "what=safepoint=info",
                    "decorators=timenanos"}}, new String[] {String[].class.getName()});
            try {
                server.invoke(dcmd, "vmLog", new Object[] {new String[] {"output=file=" + dir.resolve(JitLog.FILE_NAME),
                        "what=jit+compilation=debug", "decorators=timenanos"}}, new String[] {String[].class.getName()});
            } catch (Exception | LinkageError e) {
                // the JIT's events are counted where they can be; the safepoints do not depend on them
            }
            return new JvmEventLog(file, null);
        } catch (Exception | LinkageError e) {
            return new JvmEventLog(file, "not recorded: this JVM has no unified logging to record safepoints with (JDK 9 and later have)"
                    + (e.getMessage() == null ? "" : " (" + e.getClass().getSimpleName() + ")"));
        }
    }

    public String source() {
        return notRecorded != null ? notRecorded : "unified logging of safepoints (VM.log, timenanos): " + FILE_NAME;
    }

    /** The JIT's compilations and deoptimisations between the two times; null when they were not recorded. */
    public Tail.Jit jit(long fromNs, long toNs) {
        Path jit = file.resolveSibling(JitLog.FILE_NAME);
        if (notRecorded != null || !Files.isRegularFile(jit)) {
            return null;
        }
        try {
            return JitLog.count(Files.readAllLines(jit, StandardCharsets.UTF_8), fromNs, toNs);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The events recorded so far; empty when none were. */
    public List<JvmEvent> events() {
        if (notRecorded != null || !Files.isRegularFile(file)) {
            return Collections.emptyList();
        }
        try {
            return SafepointLog.parse(Files.readAllLines(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return Collections.emptyList();
        }
    }
}
