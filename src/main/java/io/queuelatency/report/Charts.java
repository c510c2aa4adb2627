package io.queuelatency.report;

import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.Estimate;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.result.Percentile;
import io.queuelatency.text.Units;
import io.queuelatency.words.DefinitionWords;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.geom.AffineTransform;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.util.List;

/** The report's figures from Table 3's estimates; each JVM keeps a colour-blind-safe colour and its marker. */
public final class Charts {
    static final Color[] COLOURS = java.util.stream.IntStream.of(0x0072B2, 0xD55E00, 0x009E73, 0xCC79A7, 0xE69F00,
            0x56B4E9, 0x000000, 0xB8A200, 0x332288, 0x117733, 0x882255, 0x44AA99, 0x999933, 0xAA4499, 0xCC6677,
            0x661100).mapToObj(Color::new).toArray(Color[]::new);
    private static final Color FLOOR = new Color(0x8C8C8C);
    private static final int WIDTH = 1000;
    private static final int HEIGHT = 600;
    private static final int LEFT = 90;
    private static final int TOP = 56;
    private static final int BOTTOM = 120;

    private Charts() {
    }

    /** The three figures of one slice (suffix "" when the matrix has one). */
    static void write(Analysis a, String suffix, Figures figures) {
        System.setProperty("java.awt.headless", "true");
        if (!FigureData.hasData(a)) {
            return;
        }
        String of = a.data.slice == null || suffix.isEmpty() ? "" : ", " + a.data.slice.label();
        String perJvm = " one-way latency per JVM (" + DefinitionWords.HEADLINE + ")" + of + ": median of runs, "
                + "interval, runs";
        figures.png(a.data.dir, FigureData.file(FigureData.MEDIAN_PNG, suffix),
                () -> draw(FigureData.perJvm(a, Percentile.P50, "Figure 1: median" + perJvm)));
        figures.png(a.data.dir, FigureData.file(FigureData.P9999_PNG, suffix),
                () -> draw(FigureData.perJvm(a, Percentile.P99_99, "Figure 2: p99.99" + perJvm)));
        figures.png(a.data.dir, FigureData.file(FigureData.PERCENTILES_PNG, suffix),
                () -> draw(FigureData.byPercentile(a, of)));
    }

    /** Across a sweep: p50, p99 and p99.99 against message size (one per rate) and rate (one per size). */
    static void writeDimensions(MatrixData data, List<Analysis> slices, Figures figures) {
        for (FigureData.Dimension d : FigureData.dimensions(data)) {
            for (Percentile p : Percentile.HEADLINE) {
                figures.png(data.dir, d.file(p), () -> draw(FigureData.acrossSlices(d, p, slices)));
            }
        }
    }

    public static BufferedImage draw(FigureData f) {
        Drawing.LogAxis y = new Drawing.LogAxis(f.yMin, f.yMax);
        BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = Drawing.canvas(image, f.title);
        if (f.kind == FigureData.Layout.PER_JVM) {
            perJvm(g, f, y);
        } else {
            lines(g, f, y);
        }
        return image;
    }

    /** Each JVM's marker with its value, its interval with caps, every counted run a dot, the floor a grey dash. */
    private static void perJvm(Graphics2D g, FigureData f, Drawing.LogAxis y) {
        int right = WIDTH - 30;
        y.draw(g, LEFT, right, TOP, HEIGHT - BOTTOM);
        Estimate[] estimates = f.points[0];
        double step = (right - LEFT) / (double) estimates.length;
        g.setFont(g.getFont().deriveFont(11f));
        FontMetrics fm = g.getFontMetrics();
        int widest = java.util.Arrays.stream(estimates).mapToInt(e -> fm.stringWidth(Units.ns(e.value))).max()
                .orElse(0);
        boolean alternate = widest + 6 > step;
        boolean anyFloor = false;
        for (int i = 0; i < estimates.length; i++) {
            Estimate e = estimates[i];
            double x = LEFT + step * (i + 0.5);
            if (!Double.isNaN(f.floor[i])) {
                anyFloor = true;
                g.setColor(FLOOR);
                g.setStroke(SLOT_FLOOR_STROKE);
                g.drawLine((int) (x - step * 0.42), y.pixel(f.floor[i]), (int) (x + step * 0.42), y.pixel(f.floor[i]));
            }
            g.setColor(colour(f.style[i]));
            g.setStroke(new BasicStroke(2));
            double top = e.value;
            double bottom = e.value;
            if (e.hasInterval()) {
                Drawing.interval(g, (int) x, y.pixel(e.low), y.pixel(e.high), 7);
                top = e.high;
                bottom = e.low;
            }
            for (int r = 0; r < e.runValues.length; r++) {
                double dx = (r - (e.runValues.length - 1) / 2.0) * Math.min(6, step / 16);
                g.fill(new Ellipse2D.Double(x + Math.min(16, step / 4) + dx - 3, y.pixel(e.runValues[r]) - 3, 6, 6));
            }
            g.setStroke(new BasicStroke(1.5f));
            Markers.draw(g, f.style[i], x, y.pixel(e.value), 7, true);
            String value = Units.ns(e.value);
            boolean below = alternate && i % 2 == 1;
            int ly = below ? Math.min(HEIGHT - BOTTOM - 4, y.pixel(bottom) + 18)
                    : Math.max(TOP + 12, y.pixel(top) - 10);
            g.setColor(Color.BLACK);
            g.setFont(g.getFont().deriveFont(11f));
            g.drawString(value, (int) (x - fm.stringWidth(value) / 2.0), ly);
            label(g, f.xLabels.get(i), x, HEIGHT - BOTTOM + 12);
        }
        if (anyFloor) {
            Drawing.legendLine(g, FLOOR, SLOT_FLOOR_STROKE, LEFT - 10, HEIGHT - 24);
            Drawing.legendText(g, "floor: the host's bare hand-off between the same two CPUs, same percentile",
                    LEFT - 10, HEIGHT - 24);
        }
        Drawing.stamp(g, f.stamp, right);
    }

    /** A line per JVM, its points side by side around each x so no bar hides under another's marker. */
    private static void lines(Graphics2D g, FigureData f, Drawing.LogAxis y) {
        int right = WIDTH - 210;
        int bottom = HEIGHT - 70;
        y.draw(g, LEFT, right, TOP, bottom);
        int n = f.series.size();
        double slot = (right - LEFT - 60) / Math.max(1.0, f.xs.length - 1) * 0.6;
        double spread = f.kind == FigureData.Layout.GROUPS ? Math.min(24, slot / Math.max(1, n))
                : Math.min(4, slot / Math.max(1, n));
        int from = LEFT + (int) Math.ceil(30 + spread * (n - 1) / 2);
        int to = right - (int) Math.ceil(30 + spread * (n - 1) / 2);
        double span = f.xs[f.xs.length - 1] > f.xs[0] ? f.xs[f.xs.length - 1] - f.xs[0] : 1;
        XAxis x = k -> from + (to - from) * (f.xs[k] - f.xs[0]) / span;
        g.setFont(g.getFont().deriveFont(12f));
        for (int k = 0; k < f.xs.length; k++) {
            Drawing.xTick(g, new Color(0xE0E0E0), (int) x.at(k), TOP, bottom, f.xLabels.get(k));
        }
        Drawing.centred(g, f.xTitle, LEFT + (right - LEFT) / 2, bottom + 40);
        boolean floor = floorLine(g, f, x, y);
        for (int i = 0; i < n; i++) {
            series(g, f, i, x, (i - (n - 1) / 2.0) * spread, y);
            legendEntry(g, i, f.style[i], right, f.series.get(i));
        }
        if (floor) {
            Drawing.legendLine(g, FLOOR, FLOOR_STROKE, right, TOP + 10 + 22 * n);
            Drawing.legendText(g, "the host's floor", right, TOP + 10 + 22 * n);
        }
        Drawing.stamp(g, f.stamp, WIDTH - 20);
    }

    private static final BasicStroke SLOT_FLOOR_STROKE =
            new BasicStroke(2, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, new float[] {5, 3}, 0);
    private static final BasicStroke FLOOR_STROKE =
            new BasicStroke(2.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, new float[] {7, 4}, 0);

    private interface XAxis {
        double at(int k);
    }

    /** The floor as a grey dashed line over the x positions that have one; whether there was any. */
    private static boolean floorLine(Graphics2D g, FigureData f, XAxis x, Drawing.LogAxis y) {
        Path2D.Double line = new Path2D.Double();
        for (int k = 0; k < f.xs.length; k++) {
            if (!Double.isNaN(f.floor[k])) {
                Drawing.extend(line, x.at(k), y.pixel(f.floor[k]));
            }
        }
        boolean any = line.getCurrentPoint() != null;
        if (any) {
            g.setColor(FLOOR);
            g.setStroke(FLOOR_STROKE);
            g.draw(line);
        }
        return any;
    }

    /** One JVM's line, then each point's interval with caps and its marker, hollow so the bar shows through. */
    private static void series(Graphics2D g, FigureData f, int i, XAxis x, double offset, Drawing.LogAxis y) {
        g.setColor(colour(f.style[i]));
        Path2D.Double line = new Path2D.Double();
        for (int k = 0; k < f.xs.length; k++) {
            Estimate e = f.points[i][k];
            if (e != null) {
                Drawing.extend(line, x.at(k) + offset, y.pixel(e.value));
            }
        }
        g.setStroke(new BasicStroke(1.2f));
        if (f.kind != FigureData.Layout.GROUPS) {
            g.draw(line); // categories (host types) are not joined: a line between them would mean nothing
        }
        for (int k = 0; k < f.xs.length; k++) {
            Estimate e = f.points[i][k];
            if (e == null) {
                continue;
            }
            int px = (int) Math.round(x.at(k) + offset);
            if (e.hasInterval()) {
                g.setStroke(new BasicStroke(1.5f));
                Drawing.interval(g, px, y.pixel(e.low), y.pixel(e.high), 3);
            }
            g.setStroke(new BasicStroke(1));
            Markers.draw(g, f.style[i], x.at(k) + offset, y.pixel(e.value), 3.5, false);
        }
    }

    private static void legendEntry(Graphics2D g, int row, int style, int right, String name) {
        int ly = TOP + 10 + 22 * row;
        Drawing.legendLine(g, colour(style), new BasicStroke(1.5f), right, ly);
        Markers.draw(g, style, right + 35, ly, 5, false); // hollow, as in the plot
        Drawing.legendText(g, name, right, ly);
    }

    public static Color colour(int i) {
        return COLOURS[i % COLOURS.length];
    }

    /** An x-axis label, turned 30 degrees so a dozen JVM ids fit. */
    private static void label(Graphics2D g, String text, double x, int y) {
        AffineTransform saved = g.getTransform();
        g.setColor(Color.BLACK);
        g.setFont(g.getFont().deriveFont(12f));
        FontMetrics fm = g.getFontMetrics();
        g.translate(x, y);
        g.rotate(Math.toRadians(30));
        g.drawString(text, -fm.stringWidth(text) / 4, fm.getAscent());
        g.setTransform(saved);
    }
}
