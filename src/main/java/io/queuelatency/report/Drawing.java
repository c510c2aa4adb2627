package io.queuelatency.report;

import io.queuelatency.text.Units;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import javax.imageio.ImageIO;

/** What every figure shares (the report's figures and a run's timeline): a titled white canvas, the log latency axis, saving whole. */
final class Drawing {
    private static final int TITLE_X = 50;

    private Drawing() {
    }

    /** A white canvas with {@code title} on top, the font set for labels. */
    static Graphics2D canvas(BufferedImage image, String title) {
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

    /** Written beside the file and moved over it: a reader never sees half a PNG. */
    static void save(BufferedImage image, Path file) throws IOException {
        Path tmp = file.resolveSibling("." + file.getFileName() + ".tmp.png");
        ImageIO.write(image, "png", tmp.toFile());
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
