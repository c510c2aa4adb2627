package io.queuelatency.wings.map;

import io.queuelatency.result.CpuPair;
import java.awt.Color;

/**
 * The colours of a map's heatmap, in map.png and map.html: a pair's median on a logarithmic viridis scale (readable in
 * grey and by the colour-blind), and each relation a colour of its own.
 */
final class MapScale {
    /** Viridis at five stops. */
    private static final int[] STOPS = {0x440154, 0x3B528B, 0x21918C, 0x5EC962, 0xFDE725};
    /** Siblings, one L2, one L3, across L3s, across sockets, unknown. */
    private static final int[] RELATIONS = {0xE69F00, 0xD55E00, 0x009E73, 0x56B4E9, 0xCC79A7, 0xBBBBBB};

    final double minNs;
    final double maxNs;

    private MapScale(double minNs, double maxNs) {
        this.minNs = minNs;
        this.maxNs = maxNs;
    }

    /** The scale over the pairs' medians; a single value gets a little room either side. */
    static MapScale of(HostMap m) {
        double lo = Double.MAX_VALUE;
        double hi = 0;
        for (HostMap.Pair p : m.pairs) {
            if (p.p50Ns() > 0) {
                lo = Math.min(lo, p.p50Ns());
                hi = Math.max(hi, p.p50Ns());
            }
        }
        if (hi == 0) {
            return new MapScale(1, 10);
        }
        return hi / lo < 1.2 ? new MapScale(lo / 1.1, hi * 1.1) : new MapScale(lo, hi);
    }

    /** 0 at the fastest pair's median, 1 at the slowest's, logarithmically. */
    double position(double ns) {
        double f = (Math.log(Math.max(ns, minNs)) - Math.log(minNs)) / (Math.log(maxNs) - Math.log(minNs));
        return Math.max(0, Math.min(1, f));
    }

    Color colour(double ns) {
        double f = position(ns) * (STOPS.length - 1);
        int i = Math.min(STOPS.length - 2, (int) Math.floor(f));
        double t = f - i;
        Color a = new Color(STOPS[i]);
        Color b = new Color(STOPS[i + 1]);
        return new Color((int) Math.round(a.getRed() + t * (b.getRed() - a.getRed())),
                (int) Math.round(a.getGreen() + t * (b.getGreen() - a.getGreen())),
                (int) Math.round(a.getBlue() + t * (b.getBlue() - a.getBlue())));
    }

    /** Black on the light end of the scale, white on the dark. */
    static Color textOn(Color background) {
        double luminance = 0.299 * background.getRed() + 0.587 * background.getGreen() + 0.114 * background.getBlue();
        return luminance > 140 ? Color.BLACK : Color.WHITE;
    }

    /** A relation's colour in the topology half (Okabe and Ito's colour-blind-safe set), in its enum's order. */
    static Color colour(CpuPair.Relation r) {
        return new Color(RELATIONS[r.ordinal()]);
    }

    static String hex(Color c) {
        return String.format(java.util.Locale.ROOT, "#%02x%02x%02x", c.getRed(), c.getGreen(), c.getBlue());
    }
}
