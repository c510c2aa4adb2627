package io.queuelatency.wings.capacity;

import io.queuelatency.report.Charts;
import io.queuelatency.report.Drawing;
import io.queuelatency.report.FigureData;
import io.queuelatency.report.Figures;
import io.queuelatency.report.Markers;
import io.queuelatency.result.Budget;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A capacity search's saturation figure, one per budget: the budgeted percentile against the rate, both axes
 * logarithmic, one line per JVM, the budget as a red dashed line, and under the plot each JVM's bracket.
 */
final class Saturation {
    private static final int WIDTH = 1000;
    private static final int HEIGHT = 640;
    private static final int LEFT = 90;
    private static final int TOP = 56;
    private static final int RIGHT = WIDTH - 210;
    private static final Color BUDGET = new Color(0xC00000);

    private Saturation() {
    }

    /** "capacity-p99.png", "capacity-p99_99.png". */
    static String file(Budget b) {
        return "capacity-" + b.percentile().name().replace('.', '_') + ".png";
    }

    static void write(Capacity c, Figures figures) {
        System.setProperty("java.awt.headless", "true");
        for (int i = 0; i < c.plan.budgets.size(); i++) {
            int index = i;
            Budget b = c.plan.budgets.get(i);
            java.nio.file.Path png = c.data.dir.resolve(file(b));
            figures.draw(png, file(b), () -> {
                Drawing.save(draw(c, index, FigureData.stamp(c.data)), png);
                return true;
            });
        }
    }

    static BufferedImage draw(Capacity c, int budget, String stamp) {
        Budget b = c.plan.budgets.get(budget);
        List<Long> rates = c.allRates();
        double lo = b.limitNs;
        double hi = b.limitNs;
        for (Capacity.JvmBracket j : c.jvms) {
            for (CapacitySearch.Step s : j.steps) {
                for (CapacitySearch.JudgedRun r : s.runs) {
                    if (r.valueNs(b).orElse(0) > 0) {
                        lo = Math.min(lo, r.valueNs(b).getAsLong());
                        hi = Math.max(hi, r.valueNs(b).getAsLong());
                    }
                }
            }
        }
        Drawing.LogAxis y = Drawing.LogAxis.between(lo, hi);
        int bottom = HEIGHT - 100 - 18 * c.jvms.size();
        BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = Drawing.canvas(image,
                String.format(Locale.ROOT, "Capacity: %s one-way latency (intended) against rate, budget %s",
                b.percentile().name(), io.queuelatency.text.Units.ns(b.limitNs)));
        y.draw(g, LEFT, RIGHT, TOP, bottom);
        double xMin = rates.isEmpty() ? 1 : rates.get(0) / 1.3;
        double xMax = rates.isEmpty() ? 10 : rates.get(rates.size() - 1) * 1.3;
        Drawing.LogAxis x = new Drawing.LogAxis(xMin, xMax);
        x.top = RIGHT; // laid across: pixel() runs from bottom (LEFT) to top (RIGHT)
        x.bottom = LEFT;
        drawX(g, x, TOP, bottom);
        int by = y.pixel(b.limitNs);
        g.setColor(BUDGET);
        g.setStroke(new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, new float[] {8, 5}, 0));
        g.drawLine(LEFT, by, RIGHT, by);
        g.drawString("budget " + io.queuelatency.text.Units.ns(b.limitNs), RIGHT - 110, by - 6);
        for (int i = 0; i < c.jvms.size(); i++) {
            Capacity.JvmBracket j = c.jvms.get(i);
            int style = c.data.plan.jvms.indexOf(j.jvm);
            series(g, c, i, budget, x, y);
            int ly = TOP + 10 + 22 * i;
            g.setColor(Charts.colour(style));
            g.setStroke(new BasicStroke(1.5f));
            g.drawLine(RIGHT + 20, ly, RIGHT + 50, ly);
            Markers.draw(g, style, RIGHT + 35, ly, 5, false);
            g.setColor(Color.BLACK);
            g.setStroke(new BasicStroke(1));
            g.drawString(j.jvm.id, RIGHT + 58, ly + 4);
            bracket(g, j, style, x, bottom + 46 + 18 * i);
        }
        g.setColor(Color.BLACK);
        g.drawString("dots: each run; marker: the step's highest run (it decides): filled held, hollow not held, "
                + "\u00d7 not held for another reason", 20, HEIGHT - 26);
        g.drawString("bars under the plot: each JVM's bracket, from the highest rate that held to the "
                + "lowest that did not", 20, HEIGHT - 10);
        Drawing.stamp(g, stamp, WIDTH - 20);
        return image;
    }

    /** The {@code i}th JVM's steps in rate order, set beside the others' so that no dot hides another. */
    private static void series(Graphics2D g, Capacity c, int i, int budget, Drawing.LogAxis x, Drawing.LogAxis y) {
        Capacity.JvmBracket j = c.jvms.get(i);
        int style = c.data.plan.jvms.indexOf(j.jvm);
        double dx = (i - (c.jvms.size() - 1) / 2.0) * 7;
        List<CapacitySearch.Step> steps = new ArrayList<>(j.steps);
        steps.sort((a, b) -> Long.compare(a.rate, b.rate));
        Path2D.Double line = new Path2D.Double();
        g.setColor(Charts.colour(style));
        List<double[]> markers = new ArrayList<>();
        for (CapacitySearch.Step s : steps) {
            Budget b = s.runs.isEmpty() ? null : s.runs.get(0).budgets.get(budget);
            double at = b == null ? Double.NaN : marked(s, b);
            if (Double.isNaN(at)) {
                continue;
            }
            double px = x.pixel(s.rate) + dx;
            for (CapacitySearch.JudgedRun r : s.runs) {
                if (r.valueNs(b).orElse(0) > 0) {
                    g.fill(new Ellipse2D.Double(px - 2.5, y.pixel(r.valueNs(b).getAsLong()) - 2.5, 5, 5));
                }
            }
            boolean held = s.outcome == CapacitySearch.StepOutcome.HELD;
            markers.add(new double[] {px, y.pixel(at), held ? 1 : notHeldWithin(s, b) ? 2 : 0});
            if (markers.size() == 1) {
                line.moveTo(px, y.pixel(at));
            } else {
                line.lineTo(px, y.pixel(at));
            }
        }
        g.setStroke(new BasicStroke(1.5f));
        g.draw(line);
        for (double[] m : markers) {
            if (m[2] == 2) {
                g.draw(new java.awt.geom.Line2D.Double(m[0] - 5, m[1] - 5, m[0] + 5, m[1] + 5));
                g.draw(new java.awt.geom.Line2D.Double(m[0] - 5, m[1] + 5, m[0] + 5, m[1] - 5));
            } else {
                Markers.draw(g, style, m[0], m[1], 4.5, m[2] == 1);
            }
        }
    }

    /**
     * Where a step's marker is drawn on {@code b}'s figure: at its highest counted run, which decides it; a step that
     * did not hold for another reason is drawn on the budget's line, never on the held side. NaN: nothing measured.
     */
    static double marked(CapacitySearch.Step s, Budget b) {
        double highest = Double.NaN;
        double highestCounted = Double.NaN;
        for (CapacitySearch.JudgedRun r : s.runs) {
            long v = r.valueNs(b).orElse(0);
            if (v > 0) {
                highest = Double.isNaN(highest) ? v : Math.max(highest, v);
                if (r.counted) {
                    highestCounted = Double.isNaN(highestCounted) ? v : Math.max(highestCounted, v);
                }
            }
        }
        double at = Double.isNaN(highestCounted) ? highest : highestCounted;
        if (Double.isNaN(at) || s.outcome == CapacitySearch.StepOutcome.HELD) {
            return at;
        }
        return Math.max(at, b.limitNs);
    }

    /** A step that did not hold while every run that measured {@code b}'s percentile is within it. */
    private static boolean notHeldWithin(CapacitySearch.Step s, Budget b) {
        return s.outcome != CapacitySearch.StepOutcome.HELD
                && s.runs.stream().noneMatch(r -> r.counted && r.valueNs(b).isPresent() && r.over(b));
    }

    /** A JVM's bracket as a bar from the rate that held to the one that did not, an open end to the edge. */
    private static void bracket(Graphics2D g, Capacity.JvmBracket j, int style, Drawing.LogAxis x, int py) {
        g.setColor(Charts.colour(style));
        g.setStroke(new BasicStroke(2.5f));
        int from = j.bracket.held > 0 ? x.pixel(j.bracket.held) : LEFT;
        int to = j.bracket.broke > 0 ? x.pixel(j.bracket.broke) : RIGHT;
        g.drawLine(from, py, to, py);
        if (j.bracket.held > 0) {
            g.drawLine(from, py - 6, from, py + 6);
        }
        if (j.bracket.broke > 0) {
            g.drawLine(to, py - 6, to, py + 6);
        }
        g.setColor(Color.BLACK);
        g.setStroke(new BasicStroke(1));
        String text = j.jvm.id + ": "
                + (j.bracket.held > 0 ? String.format(Locale.ROOT, "%,d", j.bracket.held) : "none held") + " – "
                + (j.bracket.broke > 0 ? String.format(Locale.ROOT, "%,d msg/s", j.bracket.broke) : "none broke");
        g.drawString(text, Math.min(to + 10, WIDTH - 10 - g.getFontMetrics().stringWidth(text)), py + 4);
    }

    /** The rate axis, ticked at 1, 2 and 5 of each decade ("100k/s", "2M/s"). */
    private static void drawX(Graphics2D g, Drawing.LogAxis x, int top, int bottom) {
        g.setFont(g.getFont().deriveFont(12f));
        // under ~a decade the finer set
        double[] mantissas = x.max / x.min < 20 ? Drawing.LogAxis.FINE : Drawing.LogAxis.COARSE;
        int lastRight = Integer.MIN_VALUE;
        for (double v : x.ticks(mantissas)) {
            int px = x.pixel(v);
            g.setColor(Drawing.LogAxis.major(v) ? new Color(0xC8C8C8) : new Color(0xE8E8E8));
            g.drawLine(px, top, px, bottom);
            String label = label(v);
            int w = g.getFontMetrics().stringWidth(label);
            if (px - w / 2 > lastRight + 6) {
                g.setColor(Color.BLACK);
                g.drawString(label, px - w / 2, bottom + 16);
                lastRight = px + w / 2;
            }
        }
        g.setColor(Color.BLACK);
        String title = "rate, messages per second (log scale)";
        g.drawString(title, LEFT + (RIGHT - LEFT) / 2 - g.getFontMetrics().stringWidth(title) / 2, bottom + 34);
    }

    private static String label(double v) {
        if (v >= 1e6) {
            return trim(v / 1e6) + "M/s";
        }
        return v >= 1e3 ? trim(v / 1e3) + "k/s" : trim(v) + "/s";
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }
}
