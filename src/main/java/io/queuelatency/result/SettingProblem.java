package io.queuelatency.result;

/**
 * What is wrong with a value of {@link Settings} that can never be right. Which of {@link #value}, {@link #low},
 * {@link #high} and {@link #given} hold something depends on {@link #what}; the others are 0 (null).
 */
public final class SettingProblem {
    public enum What {
        /** A rate ({@link #value}) outside {@link #low} to {@link #high} messages per second. */
        RATE_OUT_OF_RANGE,
        /** A message size ({@link #value}) outside {@link #low} to {@link #high} bytes. */
        SIZE_OUT_OF_RANGE,
        /** A window ({@link #value}, ns) not more than {@link #low} or over {@link #high}. */
        DURATION_OUT_OF_RANGE,
        /** A time ({@link #value}, ns) below 0. */
        NEGATIVE,
        /** A time ({@link #value}, ns) of 0 or less. */
        NOT_POSITIVE,
        /** A time ({@link #value}, ns) over {@link #high}. */
        TOO_LONG,
        /** A window too short for the rate {@link #value}: it holds fewer than {@link #low} messages. */
        WINDOW_TOO_SHORT,
        /** A block ({@link #value}, bytes) outside {@link #low} to {@link #high}, or under {@link #BLOCK_MESSAGES}. */
        BLOCK_OUT_OF_RANGE,
        /** A kernel trace mode ({@link #given}) not one of {@link Settings#KERNEL_TRACE_MODES}. */
        NOT_A_MODE,
        /** Runs ({@link #value}) fewer than {@link #low}. */
        TOO_FEW_RUNS,
        /** A capacity search's highest rate ({@link #value}) below its start ({@link #low}) or over {@link #high}. */
        MAX_RATE_OUT_OF_RANGE,
        /** A percentile (its name {@link #given}) budgeted twice. */
        DUPLICATE_BUDGET,
        /** A topology ({@link #given}) not one of {@link Settings#TOPOLOGIES}. */
        NOT_A_TOPOLOGY,
        /** What --profile counts as slow ({@link #given}) is neither a percentile nor a latency ({@link SlowLimit}). */
        NOT_A_SLOW_LIMIT
    }

    /** The fewest messages a queue's block holds. */
    public static final int BLOCK_MESSAGES = 4;
    /** The fewest messages a measured window holds: a latency needs one, a rate two. */
    public static final int WINDOW_MESSAGES = 2;

    public final What what;
    /** A field of {@link Settings}. */
    public final String setting;
    public final long value;
    public final long low;
    public final long high;
    public final String given;

    SettingProblem(What what, String setting, long value, long low, long high) {
        this.what = what;
        this.setting = setting;
        this.value = value;
        this.low = low;
        this.high = high;
        this.given = null;
    }

    SettingProblem(What what, String setting, String given) {
        this.what = what;
        this.setting = setting;
        this.value = 0;
        this.low = 0;
        this.high = 0;
        this.given = given;
    }

    /**
     * The whole problem, every field that holds something: "RATE_OUT_OF_RANGE rate=0 [1, 10000000]", the message of
     * its {@link Settings.Invalid} (so two refusals are the same problem when their messages are); the user's line
     * is words/'.
     */
    @Override
    public String toString() {
        return what + " " + setting + "=" + (given != null ? given : value + " [" + low + ", " + high + "]");
    }
}
