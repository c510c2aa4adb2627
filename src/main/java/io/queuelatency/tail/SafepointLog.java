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
 *       safepoint: .. ns, ..., Total: .. ns}; the start is the end minus the total. JDK 21 on add {@code Leaving
 *       safepoint: .. ns} before the total (JDK 25 on drop {@code Cleanup} and add {@code Threads:} after it):
 *       the application's threads run again as the leaving begins, so they were stopped for the total less
 *       the leaving (on 2 CPUs the leaving can take milliseconds, the VM thread waiting for a CPU while the
 *       released threads spin).</li>
 *   <li>JDK 9 to 12 log {@code Entering safepoint region: op} and {@code Leaving safepoint region}, each
 *       stamped, then {@code Total time for which application threads were stopped: .. seconds, Stopping
 *       threads took: .. seconds}: once that line is read the event is the threads' stop, from its stamp less
 *       that total to its stamp (it began before the entering, which is stamped once the threads have
 *       stopped); until then, from the entering to the leaving.</li>
 * </ul>
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
