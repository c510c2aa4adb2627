package io.queuelatency.report;

import io.queuelatency.result.Definition;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Stroke;
import java.awt.geom.AffineTransform;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;

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

    /** "median.png" for the whole matrix, "median-S64-R100000.png" for one slice of a sweep. */
    static String file(String name, String suffix) {
        return name.replace(".png", suffix + ".png");
    }

    /** The three figures of one slice (suffix "" when the matrix has one); one that cannot be drawn is left out, named in {@code figures}. */
    static void write(Analysis a, String suffix, Figures figures) {
        System.setProperty("java.awt.headless", "true");
        if (a.jvms.isEmpty()) {
            return;
        }
        String of = a.data.slice == null || suffix.isEmpty() ? "" : ", " + a.data.slice.label();
        draw(figures, a.data.dir, file(MEDIAN_PNG, suffix), () -> perJvm(a, Percentile.P50,
                "Figure 1: median one-way latency per JVM (intended)" + of + ": median run, interval, runs as dots"));
        draw(figures, a.data.dir, file(P9999_PNG, suffix), () -> perJvm(a, Percentile.P99_99,
                "Figure 2: p99.99 one-way latency per JVM (intended)" + of + ": median run, interval, runs as dots"));
        draw(figures, a.data.dir, file(PERCENTILES_PNG, suffix), () -> byPercentile(a, of));
    }

    /**
     * Across a sweep: p50, p99 and p99.99 against message size (one figure per rate) and against rate (one per
     * size), one line per JVM, each point the slice's estimate with its interval.
     */
    static void writeDimensions(MatrixData data, List<Analysis> slices, Figures figures) {
        for (Dimension d : dimensions(data)) {
            for (Percentile p : Percentile.HEADLINE) {
                draw(figures, data.dir, d.file(p), () -> acrossSlices(d, p, slices));
            }
        }
    }

    private interface Image {
        BufferedImage draw();
    }

    private static void draw(Figures figures, Path dir, String name, Image image) {
        Path file = dir.resolve(name);
        figures.draw(file, name, () -> {
            save(image.draw(), file);
            return true;
        });
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
    private static final class Dimension {
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
            String name = (bySize ? "size-" : "rate-") + p.name().replace('.', '_') + (fixedVaries ? (bySize ? "-R" : "-S") + fixed : "") + ".png";
            return name;
        }

        String xLabel(MatrixData.Slice s) {
            return bySize ? Units.bytes(s.size) : String.format(java.util.Locale.ROOT, "%,d/s", s.rate);
        }
    }

    private static List<Dimension> dimensions(MatrixData data) {
        List<MatrixData.Slice> slices = data.slices();
        java.util.TreeSet<Integer> sizes = new java.util.TreeSet<>();
        java.util.TreeSet<Long> rates = new java.util.TreeSet<>();
        for (MatrixData.Slice s : slices) {
            sizes.add(s.size);
            rates.add(s.rate);
        }
        List<Dimension> dims = new ArrayList<>();
        if (sizes.size() > 1) {
            for (long rate : rates) {
                Dimension d = new Dimension(true, rate, rates.size() > 1);
                for (int size : sizes) {
                    d.points.add(new MatrixData.Slice(size, rate));
                }
                dims.add(d);
            }
        }
        if (rates.size() > 1) {
            for (int size : sizes) {
                Dimension d = new Dimension(false, size, sizes.size() > 1);
                for (long rate : rates) {
                    d.points.add(new MatrixData.Slice(size, rate));
                }
                dims.add(d);
            }
        }
        return dims;
    }

    private static BufferedImage acrossSlices(Dimension d, Percentile p, List<Analysis> slices) {
        List<String> jvms = new ArrayList<>();
        for (Analysis a : slices) {
            for (MatrixPlan.Jvm j : a.jvms) {
                if (!jvms.contains(j.id)) {
                    jvms.add(j.id);
                }
            }
        }
        List<String> xLabels = new ArrayList<>();
        double[] xs = new double[d.points.size()];
        Estimate[][] values = new Estimate[jvms.size()][d.points.size()];
        for (int k = 0; k < d.points.size(); k++) {
            MatrixData.Slice point = d.points.get(k);
            xLabels.add(d.xLabel(point));
            xs[k] = k;
            for (Analysis a : slices) {
                if (a.data.slice != null && a.data.slice.equals(point)) {
                    for (MatrixPlan.Jvm j : a.jvms) {
                        Estimate e = a.estimate(j, Definition.INTENDED, p);
                        values[jvms.indexOf(j.id)][k] = e.tooFewSamples ? null : e;
                    }
                }
            }
        }
        return lines(p.name() + " one-way latency (intended) against " + d.title() + ": median run and interval per JVM",
                jvms, xs, xLabels, values, d.bySize ? "message size" : "rate");
    }

    private static BufferedImage perJvm(Analysis a, Percentile p, String title) {
        List<Estimate> estimates = new ArrayList<>();
        for (MatrixPlan.Jvm j : a.jvms) {
            estimates.add(a.estimate(j, Definition.INTENDED, p));
        }
        LogAxis y = LogAxis.over(estimates);
        BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = canvas(image, title);
        int right = WIDTH - 30;
        y.draw(g, LEFT, right, TOP, HEIGHT - BOTTOM);
        double step = (right - LEFT) / (double) estimates.size();
        for (int i = 0; i < estimates.size(); i++) {
            Estimate e = estimates.get(i);
            double x = LEFT + step * (i + 0.5);
            Color c = colour(i);
            g.setColor(c);
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
            label(g, a.jvms.get(i).id, x, HEIGHT - BOTTOM + 12);
        }
        return image;
    }

    private static BufferedImage byPercentile(Analysis a, String of) {
        List<Percentile> ps = Percentile.belowWorst();
        List<String> jvms = new ArrayList<>();
        Estimate[][] values = new Estimate[a.jvms.size()][ps.size()];
        double[] xs = new double[ps.size()];
        List<String> xLabels = new ArrayList<>();
        for (int k = 0; k < ps.size(); k++) {
            xs[k] = nines(ps.get(k));
            xLabels.add(ps.get(k).label() + "%");
        }
        for (int i = 0; i < a.jvms.size(); i++) {
            jvms.add(a.jvms.get(i).id);
            for (int k = 0; k < ps.size(); k++) {
                Estimate e = a.estimate(a.jvms.get(i), Definition.INTENDED, ps.get(k));
                values[i][k] = e.tooFewSamples ? null : e;
            }
        }
        return lines("Figure 3: one-way latency by percentile (intended)" + of + ", median run and interval per JVM", jvms, xs, xLabels,
                values, "percentile (each step one more nine)");
    }

    /** Lines over x positions {@code xs}, one per JVM, each point an estimate with its interval bar; null points are skipped. */
    private static BufferedImage lines(String title, List<String> jvms, double[] xs, List<String> xLabels, Estimate[][] values,
                                       String xTitle) {
        List<Estimate> all = new ArrayList<>();
        for (Estimate[] row : values) {
            for (Estimate e : row) {
                if (e != null) {
                    all.add(e);
                }
            }
        }
        LogAxis y = LogAxis.over(all);
        BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = canvas(image, title);
        int right = WIDTH - 210;
        int bottom = HEIGHT - 70;
        y.draw(g, LEFT, right, TOP, bottom);
        double minX = xs[0];
        double maxX = xs[xs.length - 1];
        double span = maxX > minX ? maxX - minX : 1;
        g.setFont(g.getFont().deriveFont(12f));
        for (int k = 0; k < xs.length; k++) {
            int x = (int) (LEFT + 20 + (right - LEFT - 40) * (xs[k] - minX) / span);
            g.setColor(new Color(0xE0E0E0));
            g.drawLine(x, TOP, x, bottom);
            g.setColor(Color.BLACK);
            String s = xLabels.get(k);
            g.drawString(s, x - g.getFontMetrics().stringWidth(s) / 2, bottom + 18);
        }
        g.drawString(xTitle, LEFT + (right - LEFT) / 2 - g.getFontMetrics().stringWidth(xTitle) / 2, bottom + 40);
        for (int i = 0; i < jvms.size(); i++) {
            Color c = colour(i);
            double offset = (i - (jvms.size() - 1) / 2.0) * 3;
            Path2D.Double line = new Path2D.Double();
            boolean started = false;
            g.setColor(c);
            for (int k = 0; k < xs.length; k++) {
                Estimate e = values[i][k];
                if (e == null) {
                    continue;
                }
                double x = LEFT + 20 + (right - LEFT - 40) * (xs[k] - minX) / span + offset;
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
            int ly = TOP + 10 + 22 * i;
            g.drawLine(right + 20, ly, right + 50, ly);
            marker(g, i / COLOURS.length, right + 35, ly, 7, true);
            g.setColor(Color.BLACK);
            g.setStroke(new BasicStroke(1));
            g.drawString(jvms.get(i), right + 58, ly + 4);
        }
        return image;
    }

    private static double nines(Percentile p) {
        return Math.log10(100 / (100 - p.value));
    }

    static Graphics2D canvas(BufferedImage image, String title) {
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, image.getWidth(), image.getHeight());
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
        g.drawString(title, LEFT - 40, 30);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        return g;
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

    /** A logarithmic latency axis from the smallest to the largest value drawn, ticked at 1, 2 and 5 of each decade. */
    static final class LogAxis {
        final double min;
        final double max;
        int top;
        int bottom;

        LogAxis(double min, double max) {
            this.min = min;
            this.max = max;
        }

        static LogAxis over(List<Estimate> estimates) {
            double lo = Double.MAX_VALUE;
            double hi = 1;
            for (Estimate e : estimates) {
                for (double v : new double[] {e.value, e.hasInterval() ? e.low : e.value, e.hasInterval() ? e.high : e.value}) {
                    lo = Math.min(lo, Math.max(1, v));
                    hi = Math.max(hi, v);
                }
                for (double v : e.runValues) {
                    lo = Math.min(lo, Math.max(1, v));
                    hi = Math.max(hi, v);
                }
            }
            if (lo == Double.MAX_VALUE) {
                lo = 1;
            }
            return new LogAxis(lo / 1.3, Math.max(hi * 1.3, lo * 10));
        }

        /** An axis from {@code lo} to {@code hi} (ns), with room above and below. */
        static LogAxis between(double lo, double hi) {
            lo = Math.max(1, lo);
            return new LogAxis(lo / 1.3, Math.max(hi * 1.3, lo * 10));
        }

        int pixel(double v) {
            double f = (Math.log(Math.max(v, min)) - Math.log(min)) / (Math.log(max) - Math.log(min));
            return (int) Math.round(bottom - f * (bottom - top));
        }

        void draw(Graphics2D g, int left, int right, int top, int bottom) {
            this.top = top;
            this.bottom = bottom;
            g.setStroke(new BasicStroke(1));
            g.setFont(g.getFont().deriveFont(12f));
            for (double decade = Math.pow(10, Math.floor(Math.log10(min))); decade <= max; decade *= 10) {
                for (int m : new int[] {1, 2, 5}) {
                    double v = decade * m;
                    if (v < min || v > max) {
                        continue;
                    }
                    int y = pixel(v);
                    g.setColor(m == 1 ? new Color(0xD0D0D0) : new Color(0xEEEEEE));
                    g.drawLine(left, y, right, y);
                    g.setColor(Color.BLACK);
                    String s = Units.ns(v).replaceAll("\\.0+ ", " ");
                    g.drawString(s, left - 8 - g.getFontMetrics().stringWidth(s), y + 4);
                }
            }
            g.setColor(Color.BLACK);
            g.drawLine(left, top, left, bottom);
            g.drawLine(left, bottom, right, bottom);
            AffineTransform saved = g.getTransform();
            g.translate(18, (top + bottom) / 2.0 + 60);
            g.rotate(-Math.PI / 2);
            g.drawString("one-way latency (log scale)", 0, 0);
            g.setTransform(saved);
        }
    }

    static void save(BufferedImage image, Path file) throws IOException {
        Path tmp = file.resolveSibling("." + file.getFileName() + ".tmp.png");
        ImageIO.write(image, "png", tmp.toFile());
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
