package io.queuelatency.wings.capacity;

/** Why a capacity search ended, as facts; each field is its kind's and unset otherwise ({@link CapacityWords#end}). */
public final class SearchEnd {
    public enum Way { STOPPED, NO_RUN_COUNTED, MIXED, HELD_AT_MOST, BROKE_AT_LEAST, WITHIN_RESOLUTION }

    public final Way kind;
    /** STOPPED: a step could not run here, or the time allowed ran out (the runner's words, as stored). */
    public final String why;
    /** NO_RUN_COUNTED, MIXED: the last step (MIXED: its runs disagree, the knee is noisy there). */
    public final CapacitySearch.Step step;
    /** MIXED: the bracket, as wide as the steps taken. */
    public final CapacitySearch.Bracket bracket;
    /** HELD_AT_MOST: the highest rate the search may try; BROKE_AT_LEAST: the lowest. */
    public final long rate;
    /** MIXED, WITHIN_RESOLUTION: the resolution the search asked for, as a share (0.1 for 10%). */
    public final double resolution;

    SearchEnd(Way kind, String why, CapacitySearch.Step step, CapacitySearch.Bracket bracket, long rate,
            double resolution) {
        this.kind = kind;
        this.why = why;
        this.step = step;
        this.bracket = bracket;
        this.rate = rate;
        this.resolution = resolution;
    }
}
