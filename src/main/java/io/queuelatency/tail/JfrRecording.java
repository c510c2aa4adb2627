package io.queuelatency.tail;

import io.queuelatency.store.ResultFiles;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The measured JVM's safepoints from JDK Flight Recorder where there is no unified logging (JDK 8u262+): a recording
 * of the four safepoint events at a zero threshold, started and stopped by diagnostic commands, all in the run's
 * directory ({@value #FILE_NAME} is kept). Read back by reflection (this jar is built without JFR's API).
 * <p>JFR's clock has an unknown offset from System.nanoTime(): three thread dumps (a safepoint each) are bracketed by
 * clock reads before the study, and the tightest bracket places JFR's clock, to within half its slack.
 */
final class JfrRecording {
    static final String FILE_NAME = "safepoints.jfr";
    static final String SETTINGS = "safepoints.jfc";
    private static final String NAME = "queue-latency";
    private static final String REPOSITORY = "jfr-repository";
    private static final int ALIGNING_DUMPS = 3;

    private final Path dir;
    private final long[] bracketStartNs = new long[ALIGNING_DUMPS];
    private final long[] bracketEndNs = new long[ALIGNING_DUMPS];
    private List<JvmEvent> events;
    /** How far the events' times may be off the samples' clock; -1 before the alignment. */
    long alignmentNs = -1;

    JfrRecording(Path dir) {
        this.dir = dir;
    }

    /** Throws when this JVM has no JFR. */
    static JfrRecording start(Path dir) throws Exception {
        Files.write(dir.resolve(SETTINGS), settings().getBytes(StandardCharsets.UTF_8));
        JvmEventLog.command("jfrConfigure", "repositorypath=" + dir.resolve(REPOSITORY));
        JvmEventLog.command("jfrStart", "name=" + NAME, "settings=" + dir.resolve(SETTINGS));
        JfrRecording r = new JfrRecording(dir);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (int i = 0; i < ALIGNING_DUMPS; i++) {
            r.bracketStartNs[i] = System.nanoTime();
            threads.dumpAllThreads(false, false);
            r.bracketEndNs[i] = System.nanoTime();
        }
        return r;
    }

    /** Stops the recording (once); its safepoints on the samples' clock, in order, or none. */
    synchronized List<JvmEvent> events() {
        if (events != null) {
            return events;
        }
        events = new ArrayList<>();
        Path file = dir.resolve(FILE_NAME);
        try {
            JvmEventLog.command("jfrStop", "name=" + NAME, "filename=" + file);
            events = read(file);
        } catch (Exception | LinkageError e) {
            // not recorded after all: the result then names no safepoint
        } finally {
            ResultFiles.deleteTree(dir.resolve(REPOSITORY));
        }
        return events;
    }

    private List<JvmEvent> read(Path file) throws Exception {
        Method readAll = Class.forName("jdk.jfr.consumer.RecordingFile").getMethod("readAllEvents", Path.class);
        Class<?> recorded = Class.forName("jdk.jfr.consumer.RecordedEvent");
        Method type = recorded.getMethod("getEventType");
        Method typeName = Class.forName("jdk.jfr.EventType").getMethod("getName");
        Method start = recorded.getMethod("getStartTime");
        Method end = recorded.getMethod("getEndTime");
        Method value = Class.forName("jdk.jfr.consumer.RecordedObject").getMethod("getValue", String.class);
        Map<Long, long[]> times = new HashMap<>(); // safepoint id -> {begin, end, reaching}
        Map<Long, String> operations = new HashMap<>();
        List<long[]> dumps = new ArrayList<>(); // the aligning thread dumps: {start, end}
        for (Object e : (List<?>) readAll.invoke(null, file)) {
            String name = (String) typeName.invoke(type.invoke(e));
            long from = nanos((Instant) start.invoke(e));
            long to = nanos((Instant) end.invoke(e));
            Object id = field(value, e, "safepointId");
            long safepoint = id instanceof Number ? ((Number) id).longValue() : -1;
            long[] t = times.computeIfAbsent(safepoint, k -> new long[] {Long.MIN_VALUE, Long.MIN_VALUE, -1});
            switch (name) {
                case "jdk.SafepointBegin":
                    t[0] = from;
                    break;
                case "jdk.SafepointStateSynchronization":
                    t[2] = to - from;
                    break;
                case "jdk.SafepointEnd":
                    t[1] = to;
                    break;
                case "jdk.ExecuteVMOperation":
                    String op = String.valueOf(field(value, e, "operation"));
                    operations.put(safepoint, op);
                    if (op.equals("ThreadDump") && dumps.size() < ALIGNING_DUMPS) {
                        dumps.add(new long[] {from, to});
                    }
                    break;
                default:
                    break;
            }
        }
        long offset = offset(dumps, bracketStartNs, bracketEndNs);
        if (offset == Long.MIN_VALUE) {
            return new ArrayList<>();
        }
        List<JvmEvent> out = new ArrayList<>();
        for (Map.Entry<Long, long[]> t : times.entrySet()) {
            long[] v = t.getValue();
            String op = operations.get(t.getKey());
            if (op != null && v[0] != Long.MIN_VALUE && v[1] != Long.MIN_VALUE) {
                out.add(new JvmEvent(op, v[0] + offset, v[1] + offset, v[2]));
            }
        }
        out.sort(Comparator.comparingLong(e -> e.startNs));
        return out;
    }

    /**
     * The offset that centres the dump with the least slack in its bracket; {@link Long#MIN_VALUE} when the recording
     * holds fewer dumps than were made. Sets {@link #alignmentNs}.
     */
    long offset(List<long[]> dumps, long[] bracketStartNs, long[] bracketEndNs) {
        if (dumps.size() < bracketStartNs.length) {
            return Long.MIN_VALUE;
        }
        long best = Long.MIN_VALUE;
        long bestSlack = Long.MAX_VALUE;
        for (int i = 0; i < bracketStartNs.length; i++) {
            long slack = (bracketEndNs[i] - bracketStartNs[i]) - (dumps.get(i)[1] - dumps.get(i)[0]);
            if (slack >= 0 && slack < bestSlack) {
                bestSlack = slack;
                best = (bracketStartNs[i] + bracketEndNs[i]) / 2 - (dumps.get(i)[0] + dumps.get(i)[1]) / 2;
            }
        }
        alignmentNs = bestSlack == Long.MAX_VALUE ? -1 : bestSlack / 2;
        return best;
    }

    /** Null where the event's kind has no such field. */
    private static Object field(Method value, Object event, String name) {
        try {
            return value.invoke(event, name);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    private static long nanos(Instant t) {
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    private static String settings() {
        return Stream.of("jdk.SafepointBegin", "jdk.SafepointStateSynchronization", "jdk.SafepointEnd",
                "jdk.ExecuteVMOperation").map(event -> "  <event name=\"" + event + "\"><setting name=\"enabled\">true"
                        + "</setting><setting name=\"threshold\">0 ms</setting></event>\n")
                .collect(Collectors.joining("", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<configuration "
                        + "version=\"2.0\" label=\"queue-latency: safepoints\">\n", "</configuration>\n"));
    }
}
