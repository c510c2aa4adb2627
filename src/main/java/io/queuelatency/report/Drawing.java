package io.queuelatency.report;

import io.queuelatency.files.WholeFile;
import io.queuelatency.text.Units;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import javax.imageio.ImageIO;

/** What every figure and timeline shares: a titled white canvas, the log latency axis, saving whole. */
public final class Drawing {
    private static final int TITLE_X = 50;

    private Drawing() {
    }

    public static Graphics2D canvas(BufferedImage image, String title) {
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, image.getWidth(), image.getHeight());
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
        g.drawString(title, TITLE_X, 30);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        return g;
    }

    /** A log latency axis fitted to the values drawn, ticked at 1, 2 and 5 of each decade (finer where too few). */
    public static final class LogAxis {
        public static final double[] COARSE = {1, 2, 5};
        public static final double[] FINE = {1, 1.5, 2, 3, 4, 5, 6, 7, 8};
        public final double min;
        public final double max;
        public int top;
        public int bottom;

        public LogAxis(double min, double max) {
            this.min = min;
            this.max = max;
        }

        /** An axis from {@code lo} to {@code hi} (ns), with a little room above and below. */
        public static LogAxis between(double lo, double hi) {
            lo = Math.max(1, lo);
            hi = Math.max(hi, lo * 1.5);
            return new LogAxis(lo / 1.15, hi * 1.15);
        }

        /** The values ticked: 1-2-5 of each decade in the range, or the finer set where that gives fewer than 3. */
        public java.util.List<Double> ticks() {
            java.util.List<Double> ticks = ticks(COARSE);
            return ticks.size() >= 3 ? ticks : ticks(FINE);
        }

        public java.util.List<Double> ticks(double[] mantissas) {
            java.util.List<Double> ticks = new java.util.ArrayList<>();
            for (double decade = Math.pow(10, Math.floor(Math.log10(min))); decade <= max; decade *= 10) {
                for (double m : mantissas) {
                    double v = decade * m;
                    if (v >= min && v <= max) {
                        ticks.add(v);
                    }
                }
            }
            return ticks;
        }

        /** Whether a tick begins a decade (1, 10, 100 ...): drawn darker. */
        public static boolean major(double v) {
            return Math.abs(v / Math.pow(10, Math.floor(Math.log10(v) + 1e-9)) - 1) < 1e-9;
        }

        public int pixel(double v) {
            double f = (Math.log(Math.max(v, min)) - Math.log(min)) / (Math.log(max) - Math.log(min));
            return (int) Math.round(bottom - f * (bottom - top));
        }

        public void draw(Graphics2D g, int left, int right, int top, int bottom) {
            this.top = top;
            this.bottom = bottom;
            g.setStroke(new BasicStroke(1));
            g.setFont(g.getFont().deriveFont(12f));
            int lastLabel = Integer.MAX_VALUE;
            for (double v : ticks()) {
                int y = pixel(v);
                g.setColor(major(v) ? new Color(0xC8C8C8) : new Color(0xE8E8E8));
                g.drawLine(left, y, right, y);
                if (lastLabel - y >= 14) {
                    g.setColor(Color.BLACK);
                    // a tick is a round number: "50 µs", not "50.0 µs"
                    String s = Units.ns(v).replaceAll("\\.0+ ", " ");
                    g.drawString(s, left - 8 - g.getFontMetrics().stringWidth(s), y + 4);
                    lastLabel = y;
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

    /** "indicative only" across the top right of a figure from a host that cannot give publishable numbers. */
    public static void stamp(Graphics2D g, String stamp, int right) {
        if (stamp == null) {
            return;
        }
        java.awt.Font saved = g.getFont();
        g.setFont(saved.deriveFont(java.awt.Font.BOLD, 13f));
        int w = g.getFontMetrics().stringWidth(stamp);
        int x = Math.max(10, right - w - 6);
        g.setColor(new Color(255, 255, 255, 220));
        g.fillRect(x - 6, 38, w + 12, 20);
        g.setColor(new Color(0xB00000));
        g.drawRect(x - 6, 38, w + 12, 20);
        g.drawString(stamp, x, 53);
        g.setFont(saved);
    }

    /** {@code text} centred on {@code x}. */
    public static void centred(Graphics2D g, String text, int x, int y) {
        g.drawString(text, x - g.getFontMetrics().stringWidth(text) / 2, y);
    }

    /** An x position: its grid line from {@code top} to {@code bottom} and its label under the axis. */
    public static void xTick(Graphics2D g, Color grid, int x, int top, int bottom, String label) {
        g.setColor(grid);
        g.drawLine(x, top, x, bottom);
        g.setColor(Color.BLACK);
        centred(g, label, x, bottom + 18);
    }

    /** A value's interval as a bar with caps {@code cap} pixels either side. */
    public static void interval(Graphics2D g, int x, int low, int high, int cap) {
        g.drawLine(x, low, x, high);
        g.drawLine(x - cap, low, x + cap, low);
        g.drawLine(x - cap, high, x + cap, high);
    }

    /** A legend's line sample from {@code right + 20} to {@code right + 50}, in its colour and stroke. */
    public static void legendLine(Graphics2D g, Color colour, BasicStroke stroke, int right, int y) {
        g.setColor(colour);
        g.setStroke(stroke);
        g.drawLine(right + 20, y, right + 50, y);
    }

    /** A legend entry's words, in black beside its sample. */
    public static void legendText(Graphics2D g, String text, int right, int y) {
        g.setColor(Color.BLACK);
        g.setStroke(new BasicStroke(1));
        g.drawString(text, right + 58, y + 4);
    }

    /** {@code line} on to (x, y); its start where it has none yet. */
    public static void extend(java.awt.geom.Path2D.Double line, double x, double y) {
        if (line.getCurrentPoint() == null) {
            line.moveTo(x, y);
        } else {
            line.lineTo(x, y);
        }
    }

    /** Written beside the file and moved over it: a reader never sees half a PNG. */
    public static void save(BufferedImage image, Path file) throws IOException {
        WholeFile.write(file, tmp -> ImageIO.write(image, "png", tmp.toFile()));
    }
}
