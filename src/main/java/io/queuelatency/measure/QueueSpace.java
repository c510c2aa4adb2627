package io.queuelatency.measure;

import io.queuelatency.text.Units;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import net.openhft.chronicle.queue.RollCycle;

/**
 * How much room a run's queue takes, and the roll cycle that makes it fit. Cycle files both threads are done with
 * are deleted as the run goes, so the queue holds at most about two cycles at once (the one being written and the
 * one just finished): a run needs the smaller of its whole data and two cycles' worth, plus a margin. By default
 * (--roll-cycle auto) the longest cycle of Chronicle's fast family that fits is taken: FAST_DAILY, the reference
 * harness's, wherever the whole run fits, as in the article; shorter ones only for runs too long to keep whole
 * (each roll is then a queue event in the tail). On tmpfs the queue is memory, so the room is also bounded by the
 * memory available, less a reserve for everything else.
 */
public final class QueueSpace {
    /** Chronicle's fast cycles, longest first (4,096 or 2,048 index entries of 256: the reference's indexing). */
    static final List<String> AUTO_CYCLES =
            Arrays.asList("FAST_DAILY", "SIX_HOURLY", "FOUR_HOURLY", "TWO_HOURLY", "FAST_HOURLY",
            "HALF_HOURLY", "TWENTY_MINUTELY", "TEN_MINUTELY", "FIVE_MINUTELY", "MINUTELY");
    /** Bytes a message takes in the queue beyond its payload: a 4-byte header and about 8 of index. */
    static final int OVERHEAD_BYTES = 12;
    public static final String AUTO = "auto";

    /** The chosen cycle, what it needs, and why, in one sentence. */
    public static final class Choice {
        public final RollCycle cycle;
        public final long neededBytes;
        public final String why;

        public Choice(RollCycle cycle, long neededBytes, String why) {
            this.cycle = cycle;
            this.neededBytes = neededBytes;
            this.why = why;
        }
    }

    private QueueSpace() {
    }

    /**
     * The queue's largest footprint with {@code cycle}: the whole run or two cycles' worth, whichever is less, and the
     * margin.
     */
    public static long neededBytes(long ratePerSecond, int messageSize, long runNs, RollCycle cycle) {
        double seconds = Math.min(runNs / 1e9, 2 * cycle.lengthInMillis() / 1000.0);
        return (long) (ratePerSecond * seconds * (messageSize + OVERHEAD_BYTES)) + ChronicleChannel.MARGIN_BYTES;
    }

    /** The whole run's data: what FAST_DAILY keeps of a run that does not cross midnight UTC. */
    static long wholeRunBytes(long ratePerSecond, int messageSize, long runNs) {
        return (long) (ratePerSecond * (runNs / 1e9) * (messageSize + OVERHEAD_BYTES)) + ChronicleChannel.MARGIN_BYTES;
    }

    /** The longest of {@link #AUTO_CYCLES} that fits in {@code roomBytes}; null when none does. */
    public static Choice choose(long ratePerSecond, int messageSize, long runNs, long roomBytes) {
        long whole = wholeRunBytes(ratePerSecond, messageSize, runNs);
        for (String name : AUTO_CYCLES) {
            RollCycle cycle = RollCycleNames.byName(name);
            long needed = neededBytes(ratePerSecond, messageSize, runNs, cycle);
            // A cycle must index every message the run writes into it.
            boolean holds = ratePerSecond * Math.min(runNs / 1e9, cycle.lengthInMillis() / 1000.0)
                    <= cycle.maxMessagesPerCycle();
            if (holds && needed <= roomBytes) {
                String why = needed >= whole
                        ? String.format(Locale.ROOT, "auto: the whole run (%s) fits in the %s the queue may use, so "
                        + "the longest cycle, as in the reference study", Units.bytes(whole), Units.bytes(roomBytes))
                        : String.format(Locale.ROOT, "auto: the whole run (%s) does not fit in the %s the queue may "
                        + "use; %s is the longest cycle whose two cycles (%s) do, finished cycles deleted as the run "
                        + "goes", Units.bytes(whole), Units.bytes(roomBytes), name, Units.bytes(needed));
                return new Choice(cycle, needed, why);
            }
        }
        return null;
    }

    /**
     * The room a queue in {@code dir} may take: its filesystem's free space, and on tmpfs (memory) no more than the
     * memory available less a reserve of a tenth of memory (at least 1 GiB) for the JVMs and the rest of the host.
     */
    public static long roomBytes(long usableBytes, boolean tmpfs, long memAvailableBytes, long memTotalBytes) {
        if (!tmpfs || memAvailableBytes < 0) {
            return usableBytes;
        }
        long reserve = Math.max(1L << 30, memTotalBytes / 10);
        return Math.max(0, Math.min(usableBytes, memAvailableBytes - reserve));
    }

}
