package io.queuelatency.report;

import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.Estimate;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.result.Percentile;
import io.queuelatency.text.Units;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Stroke;
import java.awt.geom.AffineTransform;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;

/**
 * The report's figures, drawn from the {@link Analysis} (the estimates of Table 3, nothing else): the median and
 * the p99.99 per JVM (the article's Figures 1 and 2) and every reported percentile per JVM (Figure 3). Each
 * estimate is drawn with its interval as a bar and each counted run as a dot; latency on a log axis labelled in
 * ns, µs or ms; percentiles labelled 50%, 90%, 99% ... on the usual axis where each step is one more nine.
 * Colours are the Okabe-Ito set, which stays distinguishable for colour-blind readers; past eight JVMs the
 * colours repeat with a dashed line and another marker shape, so twelve JVMs stay apart.
 */
final class Charts {
    static final String MEDIAN_PNG = "median.png";
    static final String P9999_PNG = "p99_99.png";
    static final String PERCENTILES_PNG = "percentiles.png";

    private static final Color[] COLOURS = {new Color(0x0072B2), new Color(0xD55E00), new Color(0x009E73), new Color(0xCC79A7),
        new Color(0xE69F00), new Color(0x56B4E9), new Color(0x000000), new Color(0xB8A200)};
    private static final int WIDTH = 1000;
    private static final int HEIGHT = 600;
    private static final int LEFT = 90;
    private static final int TOP = 56;
    private static final int BOTTOM = 120;

    private Charts() {
    }

    /** The three figures of one slice (suffix "" when the matrix has one); one that cannot be drawn is left out, named in {@code figures}. */
    static void write(Analysis a, String suffix, Figures figures) {
        System.setProperty("java.awt.headless", "true");
        if (a.jvms.isEmpty()) {
            return;
        }
        String of = a.data.slice == null || suffix.isEmpty() ? "" : ", " + a.data.slice.label();
        draw(figures, a.data.dir, FigureData.file(FigureData.MEDIAN_PNG, suffix), () -> draw(FigureData.perJvm(a, Percentile.P50,
                "Figure 1: median one-way latency per JVM (intended)" + of + ": median run, interval, runs as dots")));
        draw(figures, a.data.dir, FigureData.file(FigureData.P9999_PNG, suffix), () -> draw(FigureData.perJvm(a, Percentile.P99_99,
                "Figure 2: p99.99 one-way latency per JVM (intended)" + of + ": median run, interval, runs as dots")));
        draw(figures, a.data.dir, FigureData.file(FigureData.PERCENTILES_PNG, suffix), () -> draw(FigureData.byPercentile(a, of)));
    }

    /**
     * Across a sweep: p50, p99 and p99.99 against message size (one figure per rate) and against rate (one per
     * size), one line per JVM, each point the slice's estimate with its interval.
     */
    static void writeDimensions(MatrixData data, List<Analysis> slices, Figures figures) {
        for (FigureData.Dimension d : FigureData.dimensions(data)) {
            for (Percentile p : Percentile.HEADLINE) {
                draw(figures, data.dir, d.file(p), () -> draw(FigureData.acrossSlices(d, p, slices)));
            }
        }
    }

    private interface Image {
        BufferedImage draw();
    }

    private static void draw(Figures figures, Path dir, String name, Image image) {
        Path file = dir.resolve(name);
        figures.draw(file, name, () -> {
            Drawing.save(image.draw(), file);
            return true;
        });
    }

    /** Draws a figure's data. */
    static BufferedImage draw(FigureData f) {
        Drawing.LogAxis y = new Drawing.LogAxis(f.yMin, f.yMax);
        BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = Drawing.canvas(image, f.title);
        if (f.kind == FigureData.Kind.PER_JVM) {
            perJvm(g, f, y);
        } else {
            lines(g, f, y);
        }
        return image;
    }

    /** Each JVM's estimate as a diamond with its value, its interval as a bar, every counted run as a dot. */
    private static void perJvm(Graphics2D g, FigureData f, Drawing.LogAxis y) {
        int right = WIDTH - 30;
        y.draw(g, LEFT, right, TOP, HEIGHT - BOTTOM);
        Estimate[] estimates = f.points[0];
        double step = (right - LEFT) / (double) estimates.length;
        for (int i = 0; i < estimates.length; i++) {
            Estimate e = estimates[i];
            double x = LEFT + step * (i + 0.5);
            g.setColor(colour(i));
            if (e.hasInterval()) {
                g.setStroke(new BasicStroke(3));
                g.drawLine((int) x, y.pixel(e.low), (int) x, y.pixel(e.high));
                g.drawLine((int) x - 8, y.pixel(e.low), (int) x + 8, y.pixel(e.low));
                g.drawLine((int) x - 8, y.pixel(e.high), (int) x + 8, y.pixel(e.high));
            }
            for (int r = 0; r < e.runValues.length; r++) {
                double dx = (r - (e.runValues.length - 1) / 2.0) * 7;
                g.fill(new Ellipse2D.Double(x + 16 + dx - 3.5, y.pixel(e.runValues[r]) - 3.5, 7, 7));
            }
            marker(g, 0, x, y.pixel(e.value), 9, true);
            g.setColor(Color.DARK_GRAY);
            g.setFont(g.getFont().deriveFont(11f));
            g.drawString(Units.ns(e.value), Math.max(LEFT + 3, (int) x - 60), y.pixel(e.value) + 4);
            label(g, f.xLabels.get(i), x, HEIGHT - BOTTOM + 12);
        }
    }

    /** Lines over the x positions, one per JVM, each point an estimate with its interval bar; missing points are skipped. */
    private static void lines(Graphics2D g, FigureData f, Drawing.LogAxis y) {
        int right = WIDTH - 210;
        int bottom = HEIGHT - 70;
        y.draw(g, LEFT, right, TOP, bottom);
        double minX = f.xs[0];
        double maxX = f.xs[f.xs.length - 1];
        double span = maxX > minX ? maxX - minX : 1;
        g.setFont(g.getFont().deriveFont(12f));
        for (int k = 0; k < f.xs.length; k++) {
            int x = (int) (LEFT + 20 + (right - LEFT - 40) * (f.xs[k] - minX) / span);
            g.setColor(new Color(0xE0E0E0));
            g.drawLine(x, TOP, x, bottom);
            g.setColor(Color.BLACK);
            String s = f.xLabels.get(k);
            g.drawString(s, x - g.getFontMetrics().stringWidth(s) / 2, bottom + 18);
        }
        g.drawString(f.xTitle, LEFT + (right - LEFT) / 2 - g.getFontMetrics().stringWidth(f.xTitle) / 2, bottom + 40);
        for (int i = 0; i < f.series.size(); i++) {
            g.setColor(colour(i));
            double offset = (i - (f.series.size() - 1) / 2.0) * 3;
            Path2D.Double line = new Path2D.Double();
            boolean started = false;
            for (int k = 0; k < f.xs.length; k++) {
                Estimate e = f.points[i][k];
                if (e == null) {
                    continue;
                }
                double x = LEFT + 20 + (right - LEFT - 40) * (f.xs[k] - minX) / span + offset;
                if (e.hasInterval()) {
                    g.setStroke(new BasicStroke(1.5f));
                    g.drawLine((int) x, y.pixel(e.low), (int) x, y.pixel(e.high));
                }
                marker(g, i / COLOURS.length, x, y.pixel(e.value), 7, true);
                if (started) {
                    line.lineTo(x, y.pixel(e.value));
                } else {
                    line.moveTo(x, y.pixel(e.value));
                    started = true;
                }
            }
            g.setStroke(stroke(i));
            g.draw(line);
            legendEntry(g, i, right, f.series.get(i));
        }
    }

    private static void legendEntry(Graphics2D g, int i, int right, String name) {
        int ly = TOP + 10 + 22 * i;
        g.drawLine(right + 20, ly, right + 50, ly);
        marker(g, i / COLOURS.length, right + 35, ly, 7, true);
        g.setColor(Color.BLACK);
        g.setStroke(new BasicStroke(1));
        g.drawString(name, right + 58, ly + 4);
    }

    private static Color colour(int i) {
        return COLOURS[i % COLOURS.length];
    }

    private static Stroke stroke(int i) {
        return i / COLOURS.length == 0 ? new BasicStroke(2) : new BasicStroke(2, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10,
                new float[] {8, 5}, 0);
    }

    /** A diamond (shape 0) or a square (shape 1), filled. */
    static void marker(Graphics2D g, int shape, double x, double y, double r, boolean fill) {
        Path2D.Double m = new Path2D.Double();
        if (shape == 0) {
            m.moveTo(x, y - r);
            m.lineTo(x + r, y);
            m.lineTo(x, y + r);
            m.lineTo(x - r, y);
        } else {
            r *= 0.8;
            m.moveTo(x - r, y - r);
            m.lineTo(x + r, y - r);
            m.lineTo(x + r, y + r);
            m.lineTo(x - r, y + r);
        }
        m.closePath();
        if (fill) {
            g.fill(m);
        }
        g.draw(m);
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
