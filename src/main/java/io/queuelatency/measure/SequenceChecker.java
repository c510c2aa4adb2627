package io.queuelatency.measure;

/**
 * Checks that sequence numbers arrive once each and in order. The expected case costs one comparison;
 * everything else is bookkeeping off the common path, in arrays sized once, so that nothing grows with
 * the length of the run.
 * <ul>
 *   <li>a gap (sequence above the next expected) counts the skipped ones as lost, and remembers them;</li>
 *   <li>a remembered one arriving later counts as out of order (and no longer as lost);</li>
 *   <li>any other sequence at or below one already seen counts as a duplicate.</li>
 * </ul>
 * Gaps are remembered as ranges, up to {@value #MAX_GAPS} of them; past that, further late arrivals are
 * counted as duplicates and {@link #gapOverflow()} says so. Any of these makes a run invalid.
 */
public final class SequenceChecker {
    static final int MAX_GAPS = io.queuelatency.result.Validity.SEQUENCE_GAPS_KEPT;

    private final long[] gapFrom = new long[MAX_GAPS];
    private final long[] gapTo = new long[MAX_GAPS]; // inclusive
    private int gaps;
    private boolean gapOverflow;

    private long next;
    private long received;
    private long lost;
    private long duplicated;
    private long outOfOrder;

    /** Accounts for one received sequence number. */
    public void accept(long sequence) {
        received++;
        if (sequence == next) {
            next++;
        } else if (sequence > next) {
            rememberGap(next, sequence - 1);
            lost += sequence - next;
            next = sequence + 1;
        } else if (removeFromGap(sequence)) {
            lost--;
            outOfOrder++;
        } else {
            duplicated++;
        }
    }

    /** The run ended expecting {@code total} messages: the ones never seen after the last count as lost. */
    public long lostAtEnd(long total) {
        return lost + Math.max(0, total - next);
    }

    /** Of those, the ones past the last seen: sent and never read. */
    public long unreadAtEnd(long total) {
        return Math.max(0, total - next);
    }

    public long nextExpected() {
        return next;
    }

    public long received() {
        return received;
    }

    public long duplicated() {
        return duplicated;
    }

    public long outOfOrder() {
        return outOfOrder;
    }

    public boolean gapOverflow() {
        return gapOverflow;
    }

    private void rememberGap(long from, long to) {
        if (gaps == MAX_GAPS) {
            gapOverflow = true;
            return;
        }
        gapFrom[gaps] = from;
        gapTo[gaps] = to;
        gaps++;
    }

    private boolean removeFromGap(long sequence) {
        for (int g = 0; g < gaps; g++) {
            long from = gapFrom[g];
            long to = gapTo[g];
            if (sequence < from || sequence > to) {
                continue;
            }
            if (from == to) {
                gaps--;
                gapFrom[g] = gapFrom[gaps];
                gapTo[g] = gapTo[gaps];
            } else if (sequence == from) {
                gapFrom[g] = from + 1;
            } else if (sequence == to) {
                gapTo[g] = to - 1;
            } else {
                gapTo[g] = sequence - 1;
                rememberGap(sequence + 1, to);
            }
            return true;
        }
        return false;
    }
}
