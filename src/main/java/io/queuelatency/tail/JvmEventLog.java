package io.queuelatency.tail;

import io.queuelatency.files.Format;
import io.queuelatency.result.Tail;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.ObjectName;

/**
 * Records the measured JVM's safepoints into a file of the run, from inside the JVM: the {@code VM.log} diagnostic
 * command turns on unified logging with {@code timenanos}, so no option is passed at launch. On JDK 8 a flight
 * recording takes its place ({@link JfrRecording}). The JIT's log beside it ({@value #JIT_FILE_NAME}: compilations,
 * methods made not entrant) stops no measured thread by itself: it is counted and named, not matched.
 */
public final class JvmEventLog {
    public static final String FILE_NAME = "safepoints.log";
    public static final String JIT_FILE_NAME = "jit.log";
    public static final String JIT_WINDOW_FILE_NAME = "jit-window.log.gz";
    /** The producer's JVM's safepoints with --topology processes, in the run's directory beside the queue. */
    public static final String PRODUCERS_FILE_NAME = "producer-safepoints.log";
    static final int NAMED = 20;

    // [1234ns]  183 %     4       java.util.zip.ZipFile$Source::hashN @ 2 (26 bytes)   made not entrant
    private static final Pattern JIT_LINE =
            Pattern.compile("^\\[(\\d+)ns\\]\\s+\\d+\\s+[%sbn! ]*\\s*(\\d)\\s+(\\S+)(.*)$");

    static final String TOOL_PACKAGE = "io.queuelatency.";
    /** What is measured, not the tool's doing (their code goes as they end). */
    static final List<String> MEASURED_LOOPS = Arrays.asList("measure.Producer::", "measure.Consumer::",
            "measure.Pacer::", "measure.LatencyRecorder::", "measure.SlowMessages::", "measure.StallRecorder::",
            "measure.SequenceChecker::", "measure.MessageLayout::", "measure.ChronicleChannel", "measure.BytesBody::",
            "measure.Probes::", "workload."); // the workload in the path, built in or not, is what is measured

    private final Path file;
    /** Null when recording; else why not. */
    public final String notRecorded;
    /** JDK 8's recording; else null. */
    private final JfrRecording jfr;
    /** The producer's JVM's log ({@link #logProducers}); null: one JVM. */
    private Path producers;

    private JvmEventLog(Path file, String notRecorded, JfrRecording jfr) {
        this.file = file;
        this.notRecorded = notRecorded;
        this.jfr = jfr;
    }

    /** Never throws (a JVM that cannot says why in the result). */
    public static JvmEventLog start(Path dir) {
        Path file = dir.resolve(FILE_NAME);
        try {
            command("vmLog", "output=file=" + file, "what=safepoint=info", "decorators=timenanos");
            try {
                command("vmLog", "output=file=" + dir.resolve(JIT_FILE_NAME), "what=jit+compilation=debug",
                        "decorators=timenanos");
            } catch (Exception | LinkageError e) {
                // the JIT's events are counted where they can be; the safepoints do not depend on them
            }
            return new JvmEventLog(file, null, null);
        } catch (Exception | LinkageError e) {
            try {
                return new JvmEventLog(file, null, JfrRecording.start(dir)); // JDK 8u262 and later
            } catch (Exception | LinkageError noJfr) {
                return new JvmEventLog(file, "not recorded: this JVM has neither unified logging (JDK 9 and later) nor "
                        + "JDK Flight Recorder (JDK 8u262 and later) to record safepoints with ("
                        + noJfr.getClass().getSimpleName() + ")", null);
            }
        }
    }

    /**
     * In the producer's JVM of {@code --topology processes}: its safepoints, on the same clock, into the run's
     * directory, for the measured JVM to read with its own at the end; false where it cannot (JDK 8: not recorded).
     */
    public static boolean logProducers(Path runDirectory) {
        try {
            command("vmLog", "output=file=" + runDirectory.resolve(PRODUCERS_FILE_NAME), "what=safepoint=info",
                    "decorators=timenanos");
            return true;
        } catch (Exception | LinkageError e) {
            return false;
        }
    }

    /** With the producer in a JVM of its own: its safepoints are read from {@code runDirectory} with these. */
    public JvmEventLog withProducersJvm(Path runDirectory) {
        producers = runDirectory.resolve(PRODUCERS_FILE_NAME);
        return this;
    }

    /** The producer's JVM's events, where it logged them; none with one JVM. */
    List<JvmEvent> producersEvents() {
        return producers == null ? Collections.emptyList() : parsed(producers);
    }

    /** The safepoints logged in {@code file}; none where it is not there or cannot be read. */
    private static List<JvmEvent> parsed(Path file) {
        try {
            return Files.isRegularFile(file) ? SafepointLog.parse(Files.readAllLines(file, StandardCharsets.UTF_8))
                    : Collections.emptyList();
        } catch (IOException e) {
            return Collections.emptyList();
        }
    }

    /**
     * A diagnostic command of this JVM (what {@code jcmd <pid> VM.log ...} runs), invoked from inside it:
     * {@code operation} "vmLog", "jfrStart"...; throws when this JVM has no such command.
     */
    static void command(String operation, String... arguments) throws Exception {
        ManagementFactory.getPlatformMBeanServer().invoke(new ObjectName("com.sun.management:type=DiagnosticCommand"),
                operation, new Object[] {arguments}, new String[] {String[].class.getName()});
    }

    public String source() {
        if (jfr != null) {
            return "JDK Flight Recorder's safepoint events (no unified logging in this JVM), placed on the samples' "
                    + "clock by three thread dumps before the study"
                    + (jfr.alignmentNs < 0 ? ", which the recording did not hold: none placed"
                    : String.format(java.util.Locale.ROOT, " to within %,d ns", jfr.alignmentNs)) + ": "
                    + JfrRecording.FILE_NAME;
        }
        return notRecorded != null ? notRecorded : "unified logging of safepoints (VM.log, timenanos): " + FILE_NAME;
    }

    /** True where the events reach the file as they happen (unified logging). */
    public boolean live() {
        return jfr == null && notRecorded == null;
    }

    public Path file() {
        return file;
    }

    /**
     * The JIT's compilations and deoptimisations between the two times; null when they were not recorded. The
     * window's own lines are kept beside jit.log, gzipped ({@value #JIT_WINDOW_FILE_NAME}): a report's examples leave
     * jit.log out for its size, not these.
     */
    public Tail.Jit jit(long fromNs, long toNs) {
        Path jit = file.resolveSibling(JIT_FILE_NAME);
        if (notRecorded != null || !Files.isRegularFile(jit)) {
            return null;
        }
        try {
            List<String> lines = Files.readAllLines(jit, StandardCharsets.UTF_8);
            Format.writeAll(window(lines, fromNs, toNs), jit.getParent(), Collections.singletonList(
                    Format.<List<Matcher>>of(JIT_WINDOW_FILE_NAME, w -> tmp -> gzip(w, tmp))));
            return countJit(lines, fromNs, toNs);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The JIT's lines stamped from {@code fromNs} to {@code toNs}, matched. */
    private static List<Matcher> window(List<String> lines, long fromNs, long toNs) {
        List<Matcher> in = new ArrayList<>();
        for (String line : lines) {
            Matcher m = JIT_LINE.matcher(line);
            if (m.matches() && Long.parseLong(m.group(1)) >= fromNs && Long.parseLong(m.group(1)) <= toNs) {
                in.add(m);
            }
        }
        return in;
    }

    private static void gzip(List<Matcher> lines, Path file) throws IOException {
        try (java.io.Writer w = new java.io.OutputStreamWriter(new java.util.zip.GZIPOutputStream(
                Files.newOutputStream(file)), StandardCharsets.UTF_8)) {
            for (Matcher line : lines) {
                w.write(line.group());
                w.write('\n');
            }
        }
    }

    /** Ends a flight recording, if this is one: what a stopped run does before removing its files. */
    public void stop() {
        if (jfr != null) {
            jfr.events();
        }
    }

    public List<JvmEvent> events() {
        if (jfr != null) {
            return jfr.events();
        }
        return notRecorded != null ? Collections.emptyList() : parsed(file);
    }

    /** Whether {@code method} ("io.queuelatency.tail.Fold::match") is the tool's own. */
    static boolean isTools(String method) {
        return method.startsWith(TOOL_PACKAGE)
                && MEASURED_LOOPS.stream().noneMatch(loop -> method.startsWith(loop, TOOL_PACKAGE.length()));
    }

    /** The JIT's lines between {@code fromNs} and {@code toNs}, and of them those of this tool's methods. */
    public static Tail.Jit countJit(List<String> lines, long fromNs, long toNs) {
        long compiled = 0;
        long discarded = 0;
        long tool = 0;
        Set<String> names = new LinkedHashSet<>();
        Set<String> toolNames = new LinkedHashSet<>();
        for (Matcher m : window(lines, fromNs, toNs)) {
            String named = m.group(3) + " (tier " + m.group(2) + ")";
            if (isTools(m.group(3))) {
                tool++;
                if (toolNames.size() < NAMED) {
                    toolNames.add(named);
                }
            }
            if (m.group(4).contains("made not entrant")) {
                discarded++;
                if (names.size() < NAMED) {
                    names.add(named);
                }
            } else if (!m.group(4).contains("made zombie")) {
                compiled++;
            }
        }
        return new Tail.Jit(compiled, discarded, new ArrayList<>(names), tool, new ArrayList<>(toolNames));
    }
}
