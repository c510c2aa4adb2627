package io.queuelatency.wings.capacity;

/**
 * Why a capacity search ended, as facts: its own rule (the bracket within the resolution, the highest or lowest rate
 * tried, a mixed step, a step with no run counted), or a stop from outside with its words. One small type per kind;
 * report/ puts them in words.
 */
public abstract class SearchEnd {
    /** The way a search ended. */
    public enum Way { STOPPED, NO_RUN_COUNTED, MIXED, HELD_AT_MOST, BROKE_AT_LEAST, WITHIN_RESOLUTION }

    public final Way kind;

    private SearchEnd(Way kind) {
        this.kind = kind;
    }

    /** Stopped from outside: a step could not run here, or the time allowed ran out (the runner's words, as stored). */
    public static final class Stopped extends SearchEnd {
        public final String why;

        Stopped(String why) {
            super(Way.STOPPED);
            this.why = why;
        }
    }

    /** The last step has no run that counts: the search cannot tell where it stands. */
    public static final class NoRunCounted extends SearchEnd {
        public final CapacitySearch.Step step;

        NoRunCounted(CapacitySearch.Step step) {
            super(Way.NO_RUN_COUNTED);
            this.step = step;
        }
    }

    /** The last step's runs disagree: the knee is noisy there, and the bracket stays as wide as the steps taken. */
    public static final class Mixed extends SearchEnd {
        public final CapacitySearch.Step step;
        public final CapacitySearch.Bracket bracket;
        /** The resolution the search asked for, as a share (0.1 for 10%). */
        public final double resolution;

        Mixed(CapacitySearch.Step step, CapacitySearch.Bracket bracket, double resolution) {
            super(Way.MIXED);
            this.step = step;
            this.bracket = bracket;
            this.resolution = resolution;
        }
    }

    /** Held at the highest rate the search may try: the capacity is above it. */
    public static final class HeldAtMost extends SearchEnd {
        public final long maxRate;

        HeldAtMost(long maxRate) {
            super(Way.HELD_AT_MOST);
            this.maxRate = maxRate;
        }
    }

    /** Broke at the lowest rate the search may try: the capacity is below it. */
    public static final class BrokeAtLeast extends SearchEnd {
        public final long minRate;

        BrokeAtLeast(long minRate) {
            super(Way.BROKE_AT_LEAST);
            this.minRate = minRate;
        }
    }

    /** The bracket is within the resolution: the search's own end. */
    public static final class WithinResolution extends SearchEnd {
        public final double resolution;

        WithinResolution(double resolution) {
            super(Way.WITHIN_RESOLUTION);
            this.resolution = resolution;
        }
    }
}
