package io.queuelatency.measure;

import io.queuelatency.text.Units;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import net.openhft.chronicle.queue.RollCycle;
import net.openhft.chronicle.queue.RollCycles;

/**
 * How much room a run's queue takes, and the roll cycle that makes it fit. Finished cycles are deleted as the run
 * goes, so a run needs the smaller of its whole data and two cycles' worth, plus a margin. --roll-cycle auto takes the
 * longest of Chronicle's fast cycles that fits: FAST_DAILY, the reference's, wherever the whole run fits.
 */
public final class QueueSpace {
    /** Chronicle's fast cycles, longest first (4,096 or 2,048 index entries of 256: the reference's indexing). */
    static final List<String> AUTO_CYCLES =
            Arrays.asList("FAST_DAILY", "SIX_HOURLY", "FOUR_HOURLY", "TWO_HOURLY", "FAST_HOURLY",
            "HALF_HOURLY", "TWENTY_MINUTELY", "TEN_MINUTELY", "FIVE_MINUTELY", "MINUTELY");
    /** Bytes a message takes in the queue beyond its payload: a 4-byte header and about 8 of index. */
    static final long OVERHEAD_BYTES = 12;
    public static final String AUTO = "auto";

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

    /** Chronicle's roll cycle of that name (MINUTELY, FAST_HOURLY, ..., TEST_SECONDLY); null for an unknown name. */
    public static RollCycle byName(String name) {
        return cycles().filter(cycle -> cycle.toString().equalsIgnoreCase(name)).findFirst().orElse(null);
    }

    public static List<String> cycleNames() {
        return cycles().map(RollCycle::toString).collect(Collectors.toList());
    }

    private static Stream<RollCycle> cycles() {
        return StreamSupport.stream(RollCycles.all().spliterator(), false);
    }

    /** The whole run or two cycles' worth, whichever is less. */
    public static long neededBytes(long ratePerSecond, int messageSize, long runNs, RollCycle cycle) {
        return wholeRunBytes(ratePerSecond, messageSize, Math.min(runNs, 2 * cycle.lengthInMillis() * 1_000_000L));
    }

    /** The whole run's data: what FAST_DAILY keeps of a run that does not cross midnight UTC. */
    static long wholeRunBytes(long ratePerSecond, int messageSize, long runNs) {
        return (long) (ratePerSecond * (runNs / 1e9) * (messageSize + OVERHEAD_BYTES)) + ChronicleChannel.MARGIN_BYTES;
    }

    /** The longest of {@link #AUTO_CYCLES} that fits in {@code roomBytes}; null when none does. */
    public static Choice choose(long ratePerSecond, int messageSize, long runNs, long roomBytes) {
        long whole = wholeRunBytes(ratePerSecond, messageSize, runNs);
        for (String name : AUTO_CYCLES) {
            RollCycle cycle = byName(name);
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

    /** On tmpfs (memory) no more than the memory available less a tenth of memory (at least 1 GiB). */
    public static long roomBytes(long usableBytes, boolean tmpfs, long memAvailableBytes, long memTotalBytes) {
        if (!tmpfs || memAvailableBytes < 0) {
            return usableBytes;
        }
        long reserve = Math.max(1L << 30, memTotalBytes / 10);
        return Math.max(0, Math.min(usableBytes, memAvailableBytes - reserve));
    }
}
