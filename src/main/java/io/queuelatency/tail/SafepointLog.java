package io.queuelatency.tail;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the JVM's unified logging of safepoints ({@code -Xlog:safepoint=info} with the {@code timenanos}
 * decoration: os::javaTimeNanos, the clock System.nanoTime() reads, so the events are on the samples' clock).
 * <ul>
 *   <li>JDK 13 and later log one line at the end: {@code Safepoint "op", Time since last: .. ns, Reaching
 *       safepoint: .. ns, ..., Total: .. ns}; the start is the end minus the total.</li>
 *   <li>JDK 9 to 12 log {@code Entering safepoint region: op} and {@code Leaving safepoint region}, each
 *       stamped, then {@code Total time for which application threads were stopped: .. seconds, Stopping
 *       threads took: .. seconds}.</li>
 * </ul>
 */
public final class SafepointLog {
    private static final Pattern STAMP = Pattern.compile("^\\[(\\d+)ns\\](?:\\[[^\\]]*\\])*\\s*(.*)$");
    private static final Pattern AT_END = Pattern.compile(
            "Safepoint \"([^\"]+)\".*Reaching safepoint: (\\d+) ns.*Total: (\\d+) ns.*");
    private static final Pattern ENTERING = Pattern.compile("Entering safepoint region: (\\S+).*");
    private static final Pattern LEAVING = Pattern.compile("Leaving safepoint region.*");
    private static final Pattern STOPPING = Pattern.compile(".*Stopping threads took: ([0-9.]+) seconds.*");

    private SafepointLog() {
    }

    /** The events in {@code lines}, in order; lines of other kinds are skipped. */
    public static List<JvmEvent> parse(List<String> lines) {
        Reader r = new Reader();
        for (String line : lines) {
            r.line(line);
        }
        return r.events;
    }

    /** Reads the log a line at a time, as it grows: an event split over two reads is still one event. */
    public static final class Reader {
        /** Every event read so far, in order. */
        public final List<JvmEvent> events = new ArrayList<>();
        private String enteredOp;
        private long enteredNs;

        public void line(String line) {
            Matcher stamp = STAMP.matcher(line.trim());
            if (!stamp.matches()) {
                return;
            }
            long ns = Long.parseLong(stamp.group(1));
            String text = stamp.group(2);
            Matcher m;
            if ((m = AT_END.matcher(text)).matches()) {
                long total = Long.parseLong(m.group(3));
                events.add(new JvmEvent(m.group(1), ns - total, ns, Long.parseLong(m.group(2))));
            } else if ((m = ENTERING.matcher(text)).matches()) {
                enteredOp = m.group(1);
                enteredNs = ns;
            } else if (LEAVING.matcher(text).matches() && enteredOp != null) {
                events.add(new JvmEvent(enteredOp, enteredNs, ns, -1));
                enteredOp = null;
            } else if ((m = STOPPING.matcher(text)).matches() && !events.isEmpty()) {
                JvmEvent last = events.get(events.size() - 1);
                if (last.reachingNs < 0) {
                    events.set(events.size() - 1, new JvmEvent(last.operation, last.startNs, last.endNs,
                            Math.round(Double.parseDouble(m.group(1)) * 1e9)));
                }
            }
        }
    }
}
