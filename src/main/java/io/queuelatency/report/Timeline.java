package io.queuelatency.report;

import io.queuelatency.words.DefinitionWords;
import io.queuelatency.result.Definition;
import io.queuelatency.result.RunResult;
import io.queuelatency.result.Tail;
import io.queuelatency.result.ThreadStalls;
import io.queuelatency.result.Why;
import io.queuelatency.store.IntervalLog;
import io.queuelatency.words.CauseWords;
import io.queuelatency.words.HostWords;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** timeline.png of one run: per second the latency (latency.hlog) beside what could explain it (the tail). */
public final class Timeline {
    public static final String FILE_NAME = "timeline.png";
    /** Intervals shorter than this (the monitor's tick cut at the window's edges) are drawn but set no axis range. */
    static final double AXIS_SLIVER_S = 0.2;

    private static final int WIDTH = 1100;
    private static final int HEIGHT = 560;
    private static final int LEFT = 90;
    private static final int TOP = 56;
    private static final Color MAX = new Color(0x000000);
    private static final Color P99 = new Color(0x0072B2);
    private static final Color P99_SECOND = new Color(0x56B4E9);
    private static final Color PRODUCER = new Color(0xD55E00);
    private static final Color CONSUMER = new Color(0x009E73);
    private static final Color SAFEPOINT = new Color(0x999999);
    private static final Color GC = new Color(0xCC0000);
    private static final Color ROLL = new Color(0xCC79A7);
    /** A stall mark's fill: whose its cause was (the JVM's, the queue's, the host's, the hypervisor's). */
    private static final Why.Group[] GROUPS = {Why.Group.JVM, Why.Group.QUEUE, Why.Group.HOST, Why.Group.HYPERVISOR};
    private static final Color[] GROUP_COLOURS = {new Color(0x7B3294), new Color(0xE69F00), new Color(0x0072B2),
            new Color(0x333333)};

    private Timeline() {
    }

    /**
     * Draws the run's timeline into {@code png}; false (nothing written) when it has no window intervals. On the
     * latency range {@code range} (ns; null: the run's own): one JVM's runs share one axis.
     */
    public static boolean write(Path runDir, RunResult r, Path png, String title, double[] range) throws IOException {
        System.setProperty("java.awt.headless", "true");
        Series series = Series.read(runDir, r);
        if (series == null) {
            return false;
        }
        List<IntervalLog.Interval> headline = series.headline;
        double seconds = headline.get(headline.size() - 1).toS;
        double[] span = range == null ? series.range(r.tail) : range;
        Drawing.LogAxis y = Drawing.LogAxis.between(span[0], span[1]);
        BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = Drawing.canvas(image, title);
        int right = WIDTH - 260;
        int bottom = HEIGHT - 70;
        y.draw(g, LEFT, right, TOP, bottom);
        TimePlot plot = new TimePlot(Math.max(seconds, 1), right, bottom, y);
        seconds(g, plot);
        line(g, headline, true, plot, MAX, new BasicStroke(2));
        line(g, headline, false, plot, P99, new BasicStroke(2));
        line(g, series.other, false, plot, P99_SECOND, new BasicStroke(1.5f, BasicStroke.CAP_BUTT,
                BasicStroke.JOIN_MITER, 10, new float[] {6, 4}, 0));
        if (r.tail != null) {
            marks(g, r.tail, series.events, plot);
        }
        legend(g, right, r.tail, series.second);
        if (r.hostCheck != null && !r.hostCheck.publishable()) {
            Drawing.stamp(g, HostWords.headline(r.hostCheck), right);
        }
        Drawing.save(image, png);
        return true;
    }

    /** The lowest and highest value a run's timeline draws, ns; null where it has no window intervals. */
    static double[] range(Path runDir, RunResult r) {
        Series series = Series.read(runDir, r);
        return series == null ? null : series.range(r.tail);
    }

    /** A run's latency.hlog's intervals: the headline's and the first other definition's its schema stores. */
    static final class Series {
        final List<IntervalLog.Interval> headline;
        final List<IntervalLog.Interval> other;
        final Definition second;
        /** The tail's JVM events, each with its stop (read from the kept log where stored without it). */
        final List<Tail.Event> events;

        private Series(List<IntervalLog.Interval> headline, List<IntervalLog.Interval> other, Definition second,
                       List<Tail.Event> events) {
            this.headline = headline;
            this.other = other;
            this.second = second;
            this.events = events;
        }

        /** Null where the run stored no interval of its window. */
        static Series read(Path runDir, RunResult r) {
            Path hlog = runDir.resolve(IntervalLog.FILE_NAME);
            if (!Files.exists(hlog)) {
                return null;
            }
            List<IntervalLog.Interval> headline = IntervalLog.intervals(hlog, r.hlogTag(Definition.HEADLINE));
            if (headline.isEmpty()) {
                return null;
            }
            Definition second = null;
            for (Definition d : Definition.values()) {
                if (second == null && d != Definition.HEADLINE && r.hlogTag(d) != null) {
                    second = d;
                }
            }
            List<IntervalLog.Interval> other = r.latency(second).isEmpty() ? new ArrayList<IntervalLog.Interval>()
                    : IntervalLog.intervals(hlog, r.hlogTag(second));
            return new Series(headline, other, second, KeptSafepoints.events(runDir, r.tail));
        }

        /** The latency range over everything drawn: the intervals' p99 and maxima, the stalls, the JVM's events. */
        double[] range(Tail tail) {
            double lo = Double.MAX_VALUE;
            double hi = 1;
            for (List<IntervalLog.Interval> list : java.util.Arrays.asList(headline, other)) {
                for (IntervalLog.Interval i : list) {
                    if (i.count == 0 || i.toS - i.fromS < AXIS_SLIVER_S) {
                        // a sliver at the window's edge is drawn, but does not stretch the axis (its few samples' p99)
                        continue;
                    }
                    lo = Math.min(lo, i.p99Ns);
                    hi = Math.max(hi, i.maxNs);
                }
            }
            if (tail != null) {
                for (long[] perSecond : new long[][] {tail.producer.perSecondMaxNs, tail.consumer.perSecondMaxNs}) {
                    for (long v : perSecond) {
                        if (v > 0) {
                            lo = Math.min(lo, v);
                            hi = Math.max(hi, v);
                        }
                    }
                }
                for (Tail.Event e : events) {
                    lo = Math.min(lo, height(e));
                    hi = Math.max(hi, height(e));
                }
            }
            return new double[] {lo == Double.MAX_VALUE ? 1 : lo, hi};
        }
    }

    /** The plot's area: {@code span} seconds across from {@code LEFT} to {@code right}, latency up on {@code y}. */
    private static final class TimePlot {
        final double span;
        final int right;
        final int bottom;
        final Drawing.LogAxis y;

        TimePlot(double span, int right, int bottom, Drawing.LogAxis y) {
            this.span = span;
            this.right = right;
            this.bottom = bottom;
            this.y = y;
        }

        /** The pixel column of {@code s} seconds into the window, held within the plot. */
        int x(double s) {
            return (int) Math.round(LEFT + 10 + (right - LEFT - 20) * Math.max(0, Math.min(s, span)) / span);
        }
    }

    /** The time axis: seconds into the window, gridded. */
    private static void seconds(Graphics2D g, TimePlot plot) {
        double span = plot.span;
        int step = span <= 20 ? 1 : span <= 120 ? 10 : span <= 1200 ? 60 : 600;
        for (int s = 0; s <= span + 0.05; s += step) { // a window of 9.99 s still gets its 10 s tick
            Drawing.xTick(g, new Color(0xEEEEEE), plot.x(s), TOP, plot.bottom, Integer.toString(s));
        }
        Drawing.centred(g, "seconds into the measured window (each interval a step over its own extent; stalls at "
                + "the second they began)", LEFT + (plot.right - LEFT) / 2, plot.bottom + 40);
    }

    /** Each second's longest stall of each CPU, the queue's rolls and blocks, every JVM event with its time stopped. */
    private static void marks(Graphics2D g, Tail tail, List<Tail.Event> events, TimePlot plot) {
        stalls(g, tail.producer, plot, PRODUCER, true);
        stalls(g, tail.consumer, plot, CONSUMER, false);
        g.setColor(ROLL);
        g.setStroke(new BasicStroke(1, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, new float[] {3, 3}, 0));
        for (long[] queueEvents : new long[][] {tail.cycleStartsNs, tail.newBlocksNs}) {
            for (long t : queueEvents) {
                int x = plot.x(t / 1e9);
                g.drawLine(x, TOP, x, plot.bottom);
            }
        }
        g.setStroke(new BasicStroke(1));
        for (Tail.Event e : events) {
            g.setColor(e.gc ? GC : SAFEPOINT);
            int x = plot.x(e.startAfterWindowStartNs / 1e9);
            int py = plot.y.pixel(height(e));
            g.fillOval(x - 4, py - 4, 8, 8);
        }
    }

    /** A JVM event's dot's height: how long it stopped the threads (not the whole event), as a latency compares. */
    static long height(Tail.Event e) {
        return Math.max(1, e.stoppedNs);
    }

    /** Each interval a step over its true extent in the window (a partial one at an edge stays partial). */
    private static void line(Graphics2D g, List<IntervalLog.Interval> intervals, boolean max, TimePlot plot,
                             Color colour, BasicStroke stroke) {
        Path2D.Double path = new Path2D.Double();
        double previousTo = Double.NaN;
        for (IntervalLog.Interval i : intervals) {
            if (i.count == 0 || i.toS <= i.fromS) {
                continue;
            }
            double py = plot.y.pixel(Math.max(1, max ? i.maxNs : i.p99Ns));
            if (Math.abs(i.fromS - previousTo) < 0.05) {
                path.lineTo(plot.x(i.fromS), py);
            } else {
                path.moveTo(plot.x(i.fromS), py);
            }
            path.lineTo(plot.x(i.toS), py);
            previousTo = i.toS;
        }
        g.setColor(colour);
        g.setStroke(stroke);
        g.draw(path);
        g.setStroke(new BasicStroke(1));
    }

    /** Per second the longest stall, a triangle (up: producer, down: consumer) filled with its cause's colour. */
    private static void stalls(Graphics2D g, ThreadStalls stalls, TimePlot plot, Color colour, boolean up) {
        long[] perSecondMaxNs = stalls.perSecondMaxNs;
        Why[] why = stalls.perSecondMaxWhy;
        for (int s = 0; s < perSecondMaxNs.length; s++) {
            if (perSecondMaxNs[s] == 0) {
                continue;
            }
            int px = plot.x(s + 0.5);
            int py = plot.y.pixel(perSecondMaxNs[s]);
            int d = up ? -7 : 7;
            int[] xs = {px - 7, px + 7, px};
            int[] ys = {py - d / 2, py - d / 2, py + d};
            g.setColor(fill(s < why.length ? why[s] : null, colour));
            g.fillPolygon(xs, ys, 3);
            g.setColor(colour);
            g.setStroke(new BasicStroke(2));
            g.drawPolygon(xs, ys, 3);
            g.setStroke(new BasicStroke(1));
        }
    }

    /** A named stall's mark's fill: its group's colour; white (hollow) for the tool's, waited, untraced. */
    static Color fill(Why why, Color thread) {
        if (why == null) {
            return thread; // a result that stores no causes: the thread's own colour
        }
        for (int i = 0; i < GROUPS.length; i++) {
            if (why.group == GROUPS[i]) {
                return GROUP_COLOURS[i];
            }
        }
        return Color.WHITE;
    }

    private static boolean named(Tail tail) {
        return java.util.stream.Stream.of(tail.producer.perSecondMaxWhy, tail.consumer.perSecondMaxWhy)
                .flatMap(java.util.Arrays::stream).anyMatch(java.util.Objects::nonNull);
    }

    private static void legend(Graphics2D g, int right, Tail tail, Definition second) {
        String headline = DefinitionWords.label(Definition.HEADLINE);
        String[] labels = {"max, " + headline, "p99, " + headline, "p99, " + DefinitionWords.label(second),
            "longest producer-CPU stall",
            "longest consumer-CPU stall",
            "safepoint (threads stopped)", "GC pause (threads stopped)", "queue roll or new block"};
        Color[] colours = {MAX, P99, P99_SECOND, PRODUCER, CONSUMER, SAFEPOINT, GC, ROLL};
        int shown = tail == null ? 3 : labels.length;
        for (int i = 0; i < shown; i++) {
            int ly = TOP + 10 + 22 * i;
            g.setColor(colours[i]);
            if (i < 3) {
                Drawing.legendLine(g, colours[i], new BasicStroke(2), right, ly);
            } else if (i < 5) {
                int d = i == 3 ? -5 : 5;
                g.fillPolygon(new int[] {right + 30, right + 40, right + 35},
                        new int[] {ly - d / 2, ly - d / 2, ly + d}, 3);
            } else if (i < 7) {
                g.fillOval(right + 31, ly - 4, 8, 8);
            } else {
                g.drawLine(right + 35, ly - 8, right + 35, ly + 8);
            }
            Drawing.legendText(g, labels[i], right, ly);
        }
        if (tail != null && named(tail)) {
            int ly = TOP + 10 + 22 * (shown + 1) + 8;
            g.setColor(Color.BLACK);
            g.drawString("a stall's fill: whose cause it was", right + 20, ly);
            for (int i = 0; i <= GROUPS.length; i++) {
                g.setColor(i < GROUPS.length ? GROUP_COLOURS[i] : Color.WHITE);
                g.fillRect(right + 30, ly + 12 + 20 * i - 6, 10, 10);
                g.setColor(Color.BLACK);
                g.drawRect(right + 30, ly + 12 + 20 * i - 6, 10, 10);
                String group = i < GROUPS.length ? CauseWords.words(GROUPS[i]) : "other: tool, waited, untraced";
                g.drawString(group, right + 58, ly + 12 + 20 * i + 4);
            }
        }
        if (tail == null) {
            g.drawString("no stalls or JVM events recorded", right + 20, TOP + 10 + 22 * 3 + 4);
        } else if (!tail.jvmEventsRecorded) {
            g.drawString("JVM events not recorded on this JDK", right + 20, TOP + 10 + 22 * shown + 4);
        }
    }
}
