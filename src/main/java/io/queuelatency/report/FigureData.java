package io.queuelatency.report;

import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.Estimate;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.result.Definition;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.text.Units;
import io.queuelatency.words.HostWords;
import io.queuelatency.words.DefinitionWords;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.DoubleStream;
import java.util.stream.IntStream;

/** What one figure shows, before {@link Charts} draws it: its x positions, a series per JVM, the axis's range. */
public final class FigureData {
    /** A point per JVM, lines over x positions, or JVMs side by side at each category (a fleet's host types). */
    public enum Layout { PER_JVM, LINES, GROUPS }

    static final String MEDIAN_PNG = "median.png";
    static final String P9999_PNG = "p99_99.png";
    static final String PERCENTILES_PNG = "percentiles.png";

    public final Layout kind;
    final String title;
    final String xTitle;
    final List<String> xLabels;
    final double[] xs;
    public final List<String> series;
    /** [series][x]: the estimate shown there, or null. */
    final Estimate[][] points;
    /** The latency axis, ns: from a little below the lowest value drawn to a little above the highest. */
    final double yMin;
    final double yMax;
    /** The floor at each x, ns; NaN where there is none. */
    final double[] floor;
    /** "indicative only (isolation, ...)" where the host check says the numbers are not publishable; else null. */
    final String stamp;
    /** Each series' colour and marker: its JVM's place in the plan, the same in every figure and slice. */
    final int[] style;

    private FigureData(Axis x, List<String> series, int[] style, Estimate[][] points, double[] floor, String stamp) {
        this.kind = x.kind;
        this.title = x.title;
        this.xTitle = x.xTitle;
        this.xLabels = x.xLabels;
        this.xs = x.xs;
        this.series = series;
        this.points = points;
        this.floor = floor;
        this.stamp = stamp;
        this.style = style;
        double[] drawn = DoubleStream.concat(Arrays.stream(points).flatMap(Arrays::stream).filter(e -> e != null)
                .flatMapToDouble(e -> DoubleStream.concat(DoubleStream.of(e.value, e.hasInterval() ? e.low : e.value,
                        e.hasInterval() ? e.high : e.value), Arrays.stream(e.runValues))),
                Arrays.stream(floor).filter(v -> !Double.isNaN(v))).toArray();
        Drawing.LogAxis axis = Drawing.LogAxis.between(Arrays.stream(drawn).map(v -> Math.max(1, v)).min().orElse(1),
                Math.max(1, Arrays.stream(drawn).max().orElse(1)));
        this.yMin = axis.min;
        this.yMax = axis.max;
    }

    /** A figure's layout and title, and its x axis: the axis's title, and its positions with their labels. */
    private static final class Axis {
        final Layout kind;
        final String title;
        final String xTitle;
        final List<String> xLabels;
        final double[] xs;

        Axis(Layout kind, String title, String xTitle, List<String> xLabels, double[] xs) {
            this.kind = kind;
            this.title = title;
            this.xTitle = xTitle;
            this.xLabels = xLabels;
            this.xs = xs;
        }
    }

    private static double[] none(int n) {
        return DoubleStream.generate(() -> Double.NaN).limit(n).toArray();
    }

    /** Each JVM's place in the plan: its colour and marker in every figure. */
    private static int[] style(MatrixData data, List<String> jvmIds) {
        List<String> planned = data.plan.jvms.stream().map(j -> j.id).collect(Collectors.toList());
        return jvmIds.stream().mapToInt(id -> Math.max(0, planned.indexOf(id))).toArray();
    }

    /** The host check's headline where it says the numbers are indicative only. */
    public static String stamp(MatrixData data) {
        io.queuelatency.result.HostFindings check = data.hostCheck();
        return check == null || check.publishable() ? null : HostWords.headline(check);
    }

    /** One percentile per JVM (the article's Figures 1 and 2): the estimate, its interval and every counted run. */
    static FigureData perJvm(Analysis a, Percentile p, String title) {
        // in the answer table's order (lowest p50 estimate first), so the figure under it reads as the table does
        List<MatrixPlan.PlannedJvm> order = io.queuelatency.decide.Answer.of(a).stream().map(r -> r.jvm)
                .filter(a.jvms::contains).collect(Collectors.toCollection(ArrayList::new));
        a.jvms.stream().filter(j -> !order.contains(j)).forEach(order::add);
        List<String> jvms = new ArrayList<>();
        Estimate[][] points = new Estimate[1][order.size()];
        double[] xs = new double[order.size()];
        double[] floor = none(order.size());
        for (int i = 0; i < order.size(); i++) {
            jvms.add(order.get(i).id);
            points[0][i] = a.estimate(order.get(i), Definition.HEADLINE, p);
            Estimate f = a.hostFloor.at(Definition.HEADLINE, p); // the host's: one for every JVM
            floor[i] = f == null || f.tooFewSamples ? Double.NaN : f.value;
            xs[i] = i;
        }
        return new FigureData(new Axis(Layout.PER_JVM, title, "", jvms, xs), jvms, style(a.data, jvms), points, floor,
                stamp(a.data));
    }

    /** Every reported percentile per JVM, each step one more nine, the worst one step past the last. */
    static FigureData byPercentile(Analysis a, String of) {
        List<Percentile> ps = Percentile.REPORTED;
        List<String> jvms = new ArrayList<>();
        Estimate[][] values = new Estimate[a.jvms.size()][ps.size()];
        double[] xs = new double[ps.size()];
        double[] floor = none(ps.size());
        List<String> xLabels = new ArrayList<>();
        for (int k = 0; k < ps.size(); k++) {
            xs[k] = ps.get(k).isWorst() ? xs[k - 1] + 1 : Math.log10(100 / (100 - ps.get(k).value));
            xLabels.add(ps.get(k).isWorst() ? "worst" : ps.get(k).number() + "%");
            Estimate f = ps.get(k).isWorst() ? null : a.hostFloor.at(Definition.HEADLINE, ps.get(k));
            floor[k] = f == null || f.tooFewSamples ? Double.NaN : f.value;
        }
        for (int i = 0; i < a.jvms.size(); i++) {
            jvms.add(a.jvms.get(i).id);
            for (int k = 0; k < ps.size(); k++) {
                Estimate e = a.estimate(a.jvms.get(i), Definition.HEADLINE, ps.get(k));
                values[i][k] = e.tooFewSamples ? null : e;
            }
        }
        String title = "Figure 3: one-way latency by percentile (" + DefinitionWords.HEADLINE + ")" + of + ", median "
                + "of the runs and interval per JVM";
        return new FigureData(new Axis(Layout.LINES, title,
                "percentile (each step one more nine; the worst: the largest any run saw)", xLabels, xs), jvms,
                style(a.data, jvms), values, floor, stamp(a.data));
    }

    /** One percentile against message size (at one rate) or rate (at one size), a line per JVM. */
    static FigureData acrossSlices(Dimension d, Percentile p, List<Analysis> slices) {
        List<Analysis> at = d.points.stream().map(point -> slices.stream().filter(a -> point.equals(a.data.slice))
                .findFirst().orElse(null)).collect(Collectors.toList());
        List<String> jvms = jvmIds(slices);
        String title = p.name() + " one-way latency (" + DefinitionWords.HEADLINE + ") against " + d.title()
                + ": median of the runs and interval per JVM";
        List<String> xLabels = d.points.stream().map(d::xLabel).collect(Collectors.toList());
        return new FigureData(new Axis(Layout.LINES, title, d.bySize ? "message size" : "rate", xLabels,
                IntStream.range(0, at.size()).asDoubleStream().toArray()), jvms,
                slices.isEmpty() ? new int[jvms.size()] : style(slices.get(0).data, jvms), values(p, jvms, at),
                none(at.size()), slices.isEmpty() ? null : stamp(slices.get(0).data));
    }

    /** A fleet's figure: one percentile per JVM on each host type; {@code analyses[k]} is type k's (or null). */
    public static FigureData acrossTypes(Percentile p, List<String> types, List<Analysis> analyses, String title,
            String stamp) {
        List<String> jvms = jvmIds(analyses);
        return new FigureData(new Axis(Layout.GROUPS, title, "host type", types,
                IntStream.range(0, types.size()).asDoubleStream().toArray()), jvms,
                IntStream.range(0, jvms.size()).toArray(), values(p, jvms, analyses), none(types.size()), stamp);
    }

    /** [jvm][k]: each JVM's estimate at {@code p} in {@code at[k]}; null where it has none or too few samples. */
    private static Estimate[][] values(Percentile p, List<String> jvms, List<Analysis> at) {
        Estimate[][] values = new Estimate[jvms.size()][at.size()];
        for (int k = 0; k < at.size(); k++) {
            for (MatrixPlan.PlannedJvm j : at.get(k) == null ? java.util.Collections.<MatrixPlan.PlannedJvm>emptyList()
                    : at.get(k).jvms) {
                Estimate e = at.get(k).estimate(j, Definition.HEADLINE, p);
                values[jvms.indexOf(j.id)][k] = e.tooFewSamples ? null : e;
            }
        }
        return values;
    }

    /** The ids of the analyses' JVMs, each once, in the order met; a null analysis (a type without one) has none. */
    private static List<String> jvmIds(List<Analysis> analyses) {
        return analyses.stream().filter(a -> a != null).flatMap(a -> a.jvms.stream()).map(j -> j.id).distinct()
                .collect(Collectors.toList());
    }

    /** Whether a slice's per-JVM figures have anything to show: a JVM with runs the statistics count. */
    static boolean hasData(Analysis a) {
        return !a.jvms.isEmpty();
    }

    /** "median.png" for the whole matrix, "median-S64-R100000.png" for one slice of a sweep. */
    static String file(String name, String suffix) {
        return name.replace(".png", suffix + ".png");
    }

    /** The figures across sizes and rates, each {caption, file}; none without a sweep. */
    static List<String[]> dimensionFigures(MatrixData data) {
        List<String[]> figures = new ArrayList<>();
        for (Dimension d : dimensions(data)) {
            for (Percentile p : Percentile.HEADLINE) {
                figures.add(new String[] {"Figure: " + p.name() + " against " + d.title(), d.file(p)});
            }
        }
        return figures;
    }

    /** One figure's x axis: the sizes at one rate, or the rates at one size. */
    static final class Dimension {
        final boolean bySize;
        /** The rate (bySize) or size held fixed. */
        final long fixed;
        final boolean fixedVaries;
        final List<MatrixData.Slice> points = new ArrayList<>();

        Dimension(boolean bySize, long fixed, boolean fixedVaries) {
            this.bySize = bySize;
            this.fixed = fixed;
            this.fixedVaries = fixedVaries;
        }

        String title() {
            return bySize ? String.format(java.util.Locale.ROOT, "message size at %,d msg/s", fixed)
                    : String.format(java.util.Locale.ROOT, "rate with %,d-byte messages", fixed);
        }

        String file(Percentile p) {
            return (bySize ? "size-" : "rate-") + p.name().replace('.', '_')
                    + (fixedVaries ? (bySize ? "-R" : "-S") + fixed : "") + ".png";
        }

        String xLabel(MatrixData.Slice s) {
            return bySize ? Units.size(s.size) : String.format(java.util.Locale.ROOT, "%,d/s", s.rate);
        }
    }

    static List<Dimension> dimensions(MatrixData data) {
        java.util.TreeSet<Integer> sizes = data.slices().stream().map(s -> s.size)
                .collect(Collectors.toCollection(java.util.TreeSet::new));
        java.util.TreeSet<Long> rates = data.slices().stream().map(s -> s.rate)
                .collect(Collectors.toCollection(java.util.TreeSet::new));
        List<Dimension> dims = new ArrayList<>();
        for (long rate : sizes.size() > 1 ? rates : java.util.Collections.<Long>emptySet()) {
            Dimension d = new Dimension(true, rate, rates.size() > 1);
            sizes.forEach(size -> d.points.add(new MatrixData.Slice(size, rate)));
            dims.add(d);
        }
        for (int size : rates.size() > 1 ? sizes : java.util.Collections.<Integer>emptySet()) {
            Dimension d = new Dimension(false, size, sizes.size() > 1);
            rates.forEach(rate -> d.points.add(new MatrixData.Slice(size, rate)));
            dims.add(d);
        }
        return dims;
    }
}
