package io.queuelatency.decide;

import io.queuelatency.result.Definition;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.stats.OverRuns;
import io.queuelatency.stats.RankSum;
import java.util.ArrayList;
import java.util.List;

/**
 * A matrix with --profile adds a profiled run after every two of each JVM ({@link MatrixPlan#profiled}). The profiled
 * runs count for the statistics only where the profiler's cost lies within the spread of the runs it did not touch,
 * for every JVM at once: the median of a JVM's profiled runs, at p50 and at p99 of every latency the runs measured
 * (intended, the one the verdicts read; actual and in-queue, where a sample's own cost shows first), each within the
 * spread of its unprofiled runs ({@link #within}). Otherwise they are kept apart, and every table, verdict and chart
 * rests on the unprofiled runs alone: the runs asked for.
 */
public final class ProfiledRuns {
    /** The percentiles the rule reads. */
    static final Percentile[] JUDGED = {Percentile.P50, Percentile.P99};

    /** Whether any run was profiled. */
    public final boolean any;
    /** Whether the profiled runs count (true where there are none). */
    public final boolean count;
    /** Every JVM, latency and percentile at which the profiled runs lay outside the unprofiled ones' spread. */
    public final List<Outside> outside;

    /** One JVM's profiled runs outside its unprofiled runs' spread at {@code percentile} of {@code definition}. */
    public static final class Outside {
        public final MatrixPlan.PlannedJvm jvm;
        public final Definition definition;
        public final Percentile percentile;

        Outside(MatrixPlan.PlannedJvm jvm, Definition definition, Percentile percentile) {
            this.jvm = jvm;
            this.definition = definition;
            this.percentile = percentile;
        }
    }

    private ProfiledRuns(boolean any, List<Outside> outside) {
        this.any = any;
        this.count = outside.isEmpty();
        this.outside = java.util.Collections.unmodifiableList(outside);
    }

    /** A run whose profile was taken (a run whose profiler could not attach ran as any other). */
    public static boolean profiled(MatrixData.Cell c) {
        return c.result.profile != null && c.result.profile.taken();
    }

    static ProfiledRuns judge(MatrixData data) {
        boolean any = false;
        List<Outside> outside = new ArrayList<>();
        for (MatrixPlan.PlannedJvm jvm : data.measuredJvms()) {
            List<List<MatrixData.Cell>> split = split(data, jvm);
            List<MatrixData.Cell> with = split.get(0);
            List<MatrixData.Cell> without = split.get(1);
            any |= !with.isEmpty();
            for (Definition d : with.isEmpty() ? new ArrayList<Definition>() : with.get(0).result.measured()) {
                for (Percentile p : JUDGED) {
                    if (!within(ns(with, d, p), ns(without, d, p))) {
                        outside.add(new Outside(jvm, d, p));
                    }
                }
            }
        }
        return new ProfiledRuns(any, outside);
    }

    /**
     * The median of {@code jvm}'s profiled runs and of its others at {@code p} of {@code d}, as the rule sets them side
     * by side; NaN where there are none.
     */
    public static double[] medians(MatrixData data, MatrixPlan.PlannedJvm jvm, Definition d, Percentile p) {
        double[] m = new double[2];
        List<List<MatrixData.Cell>> split = split(data, jvm);
        for (int i = 0; i < 2; i++) {
            m[i] = split.get(i).isEmpty() ? Double.NaN : Estimate.median(ns(split.get(i), d, p));
        }
        return m;
    }

    /** A JVM's valid cells: the profiled ones first, then the others. */
    private static List<List<MatrixData.Cell>> split(MatrixData data, MatrixPlan.PlannedJvm jvm) {
        List<List<MatrixData.Cell>> split = java.util.Arrays.asList(new ArrayList<>(), new ArrayList<>());
        data.validCellsOf(jvm).forEach(c -> split.get(profiled(c) ? 0 : 1).add(c));
        return split;
    }

    /** Below this two-sided p of the rank-sum test, the profiled runs are shifted from the others. */
    static final double SHIFT_LEVEL = 0.05;

    /**
     * The profiled runs within the unprofiled runs' spread: their median within the interval of the unprofiled runs'
     * median, the one the report gives an estimate of these runs ({@link OverRuns}: between two runs' values, at the
     * 95% they reach, else their range), so counting them cannot move an estimate beyond what the unprofiled runs
     * allow; and no shift between the two that the rank-sum test sees at {@link #SHIFT_LEVEL} (a tail's interval is
     * wide where the host's stalls spread the runs, and a cost can hide in it). None unprofiled: outside. Keeping them
     * apart costs the verdicts nothing: they rest on the runs asked for, and the profiled ones come beside those.
     */
    static boolean within(double[] profiled, double[] unprofiled) {
        if (unprofiled.length == 0) {
            return false;
        }
        double median = Estimate.median(profiled);
        OverRuns interval = unprofiled.length == 1 ? null : OverRuns.of(unprofiled);
        double low = interval == null ? unprofiled[0] : interval.low;
        double high = interval == null ? unprofiled[0] : interval.high;
        return median >= low && median <= high && RankSum.of(profiled, unprofiled).p >= SHIFT_LEVEL;
    }

    private static double[] ns(List<MatrixData.Cell> cells, Definition d, Percentile p) {
        return cells.stream().mapToDouble(c -> c.result.latency(d).ns(p)).toArray();
    }
}
