package io.queuelatency.tail;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the JVM's unified logging of safepoints ({@code timenanos}: the clock System.nanoTime() reads). JDK 13 on log
 * one line at the end ({@code Safepoint "op", ... Reaching safepoint: .. ns, ..., Total: .. ns}): the start is the end
 * less the total, and the threads were stopped for the total less {@code Leaving safepoint} (JDK 21 on). JDK 9 to 12
 * log the entering and the leaving, then the total the threads were stopped, which, once read, places the event from
 * its stamp less that total.
 */
public final class SafepointLog {
    private static final Pattern STAMP = Pattern.compile("^\\[(\\d+)ns\\](?:\\[[^\\]]*\\])*\\s*(.*)$");
    private static final Pattern AT_END = Pattern.compile(
            "Safepoint \"([^\"]+)\".*Reaching safepoint: (\\d+) ns.*?(?:Leaving safepoint: (\\d+) ns.*)?"
                    + "Total: (\\d+) ns.*");
    private static final Pattern ENTERING = Pattern.compile("Entering safepoint region: (\\S+).*");
    private static final Pattern LEAVING = Pattern.compile("Leaving safepoint region.*");
    private static final Pattern STOPPING = Pattern.compile(
            ".*Total time for which application threads were stopped: ([0-9.]+) seconds, "
                    + "Stopping threads took: ([0-9.]+) seconds.*");

    private SafepointLog() {
    }

    /** Lines of other kinds are skipped. */
    public static List<JvmEvent> parse(List<String> lines) {
        Reader r = new Reader();
        lines.forEach(r::line);
        return r.events;
    }

    /** Reads the log a line at a time, as it grows. */
    public static final class Reader {
        public final List<JvmEvent> events = new ArrayList<>();
        /** How many times {@link #events} changed (an event added, or completed by a later line). */
        public int changes;
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
                long total = Long.parseLong(m.group(4));
                long leaving = m.group(3) == null ? 0 : Long.parseLong(m.group(3));
                events.add(new JvmEvent(m.group(1), ns - total, ns, Long.parseLong(m.group(2)), total - leaving));
                changes++;
            } else if ((m = ENTERING.matcher(text)).matches()) {
                enteredOp = m.group(1);
                enteredNs = ns;
            } else if (LEAVING.matcher(text).matches() && enteredOp != null) {
                events.add(new JvmEvent(enteredOp, enteredNs, ns, -1));
                enteredOp = null;
                changes++;
            } else if ((m = STOPPING.matcher(text)).matches() && !events.isEmpty()) {
                JvmEvent last = events.get(events.size() - 1);
                if (last.reachingNs < 0) {
                    long stopped = Math.round(Double.parseDouble(m.group(1)) * 1e9);
                    events.set(events.size() - 1, new JvmEvent(last.operation, Math.min(last.startNs, ns - stopped),
                            Math.max(last.endNs, ns), Math.round(Double.parseDouble(m.group(2)) * 1e9), stopped));
                    changes++;
                }
            }
        }
    }
}
