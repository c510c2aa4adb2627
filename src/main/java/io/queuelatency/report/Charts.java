package io.queuelatency.report;

import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Percentile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The report's figures, drawn with XChart from the stored results: the median and the p99.99 per JVM as bars
 * (the article's Figures 1 and 2), and every JVM's whole distribution on the usual logarithmic 1/(1-p)
 * axis, where each step is one more nine: p90, p99, p99.9, ... The axis is drawn as log10(1/(1-p)), the
 * number of nines, on a linear scale: XChart's log axis draws it linearly once tick labels are customised,
 * and its custom-label tick calculator can loop forever on this range.
 */
final class Charts {
    static final String MEDIAN_PNG = "median.png";
    static final String P9999_PNG = "p99_99.png";
    static final String PERCENTILES_PNG = "percentiles.png";

    private Charts() {
    }

    static void write(MatrixData data) throws IOException {
        System.setProperty("java.awt.headless", "true");
        List<MatrixPlan.Jvm> jvms = data.measuredJvms();
        if (jvms.isEmpty()) {
            return;
        }
        save(bars(data, jvms, Percentile.P50, "Figure 1: median one-way latency per JVM (intended)"), data.dir.resolve(MEDIAN_PNG));
        save(bars(data, jvms, Percentile.P99_99, "Figure 2: p99.99 one-way latency per JVM (intended)"), data.dir.resolve(P9999_PNG));
        save(distribution(data, jvms), data.dir.resolve(PERCENTILES_PNG));
    }

    private static CategoryChart bars(MatrixData data, List<MatrixPlan.Jvm> jvms, Percentile percentile, String title) {
        CategoryChart chart = new CategoryChartBuilder().width(1000).height(560).title(title)
                .xAxisTitle("JVM").yAxisTitle("latency (ns)").build();
        Styler styler = chart.getStyler();
        styler.setLegendVisible(false);
        chart.getStyler().setLabelsVisible(true);
        chart.getStyler().setXAxisLabelRotation(20);
        chart.getStyler().setYAxisDecimalPattern("#,###");
        chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        List<String> names = new ArrayList<>();
        List<Long> values = new ArrayList<>();
        for (MatrixPlan.Jvm j : jvms) {
            names.add(j.id);
            values.add(data.median(j, Definition.INTENDED, percentile, false));
        }
        chart.addSeries(percentile.label(), names, values);
        return chart;
    }

    private static XYChart distribution(MatrixData data, List<MatrixPlan.Jvm> jvms) throws IOException {
        XYChart chart = new XYChartBuilder().width(1000).height(600)
                .title("Figure 3: one-way latency by percentile (intended), all valid runs per JVM")
                .xAxisTitle("percentile as its number of nines, log10(1/(1-p)): 1 = p90, 2 = p99, 3 = p99.9, 4 = p99.99, 5 = p99.999").yAxisTitle("latency (ns)").build();
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        chart.getStyler().setXAxisDecimalPattern("0.#");
        for (MatrixPlan.Jvm j : jvms) {
            Histogram merged = null;
            for (MatrixData.Cell c : data.validCellsOf(j)) {
                Histogram h = c.run().histogram(Definition.INTENDED).copy();
                if (merged == null) {
                    merged = h;
                } else {
                    merged.add(h);
                }
            }
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (HistogramIterationValue v : merged.percentiles(5)) {
                double p = v.getPercentileLevelIteratedTo() / 100.0;
                if (p >= 1.0) {
                    break; // the last point, 1/(1-1), is off the axis: the worst is in the tables
                }
                x.add(Math.log10(1.0 / (1.0 - p)));
                y.add((double) Math.max(1, v.getValueIteratedTo()));
            }
            XYSeries series = chart.addSeries(j.id, x, y);
            series.setMarker(SeriesMarkers.NONE);
        }
        return chart;
    }

    private static void save(Chart<?, ?> chart, Path file) throws IOException {
        Path tmp = file.resolveSibling("." + file.getFileName() + ".tmp.png");
        try (java.io.OutputStream out = Files.newOutputStream(tmp)) {
            BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG);
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
