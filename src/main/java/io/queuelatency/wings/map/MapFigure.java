package io.queuelatency.wings.map;

import io.queuelatency.report.Drawing;
import io.queuelatency.result.CpuPair;
import io.queuelatency.text.Units;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.List;

/** map.png: above the diagonal each pair's measured median, below it the relation sysfs gives; white: not measured. */
public final class MapFigure {
    public static final String FILE_NAME = "map.png";
    private static final int LEFT = 80;
    private static final int TOP = 100;

    private MapFigure() {
    }

    public static BufferedImage draw(HostMap m) {
        List<Integer> cpus = m.plan.cpus;
        int n = cpus.size();
        int cell = Math.max(6, Math.min(44, 760 / n));
        int grid = cell * n;
        int width = Math.max(LEFT + grid + 260, 900);
        int height = Math.max(TOP + grid + 60, 560);
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = Drawing.canvas(image, "One-way hand-off between CPUs, p50 (" + m.host.hostname + ", "
                + (m.host.cpuModel == null ? "?" : m.host.cpuModel) + ")");
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        g.setColor(Color.DARK_GRAY);
        g.drawString("above the diagonal: the median measured, the row's CPU producing (the lower); below it: the "
                + "pair's relation as sysfs gives it", 50, 52);
        MapScale scale = MapScale.of(m);
        cells(g, m, scale, cell);
        labels(g, cpus, cell);
        legend(g, m, scale, LEFT + grid + 24);
        g.dispose();
        return image;
    }

    private static void cells(Graphics2D g, HostMap m, MapScale scale, int cell) {
        List<Integer> cpus = m.plan.cpus;
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, cell >= 40 ? 10 : 9));
        for (int row = 0; row < cpus.size(); row++) {
            for (int col = 0; col < cpus.size(); col++) {
                int x = LEFT + col * cell;
                int y = TOP + row * cell;
                int a = cpus.get(row);
                int b = cpus.get(col);
                Color fill;
                String text = null;
                if (row == col) {
                    fill = new Color(0x404040);
                } else if (row < col) {
                    HostMap.Pair p = m.pair(a, b);
                    fill = p == null || p.p50Ns() < 0 ? Color.WHITE : scale.colour(p.p50Ns());
                    text = p == null || p.p50Ns() < 0 ? null : Units.ns(p.p50Ns()).replace(" ", "");
                } else {
                    fill = MapScale.colour(m.topology.relation(b, a));
                }
                g.setColor(fill);
                g.fillRect(x, y, cell, cell);
                if (text != null && cell >= 40) {
                    g.setColor(MapScale.textOn(fill));
                    g.drawString(text, x + (cell - g.getFontMetrics().stringWidth(text)) / 2, y + cell / 2 + 4);
                }
            }
        }
        g.setColor(Color.WHITE);
        for (int i = 0; i <= cpus.size() && cell >= 8; i++) {
            g.drawLine(LEFT + i * cell, TOP, LEFT + i * cell, TOP + cpus.size() * cell);
            g.drawLine(LEFT, TOP + i * cell, LEFT + cpus.size() * cell, TOP + i * cell);
        }
    }

    /** The CPU numbers along both axes, every one where there is room, else every k-th. */
    private static void labels(Graphics2D g, List<Integer> cpus, int cell) {
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
        g.setColor(Color.BLACK);
        int every = Math.max(1, 16 / cell);
        for (int i = 0; i < cpus.size(); i += every) {
            String s = Integer.toString(cpus.get(i));
            int w = g.getFontMetrics().stringWidth(s);
            g.drawString(s, LEFT - 6 - w, TOP + i * cell + cell / 2 + 4);
            g.drawString(s, LEFT + i * cell + (cell - w) / 2, TOP - 6);
        }
        g.drawString("producer", 8, TOP - 6);
        g.drawString("consumer CPU", LEFT, TOP - 24);
    }

    /** The colour bar of the medians, then the relations' colours. */
    private static void legend(Graphics2D g, HostMap m, MapScale scale, int x) {
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        g.setColor(Color.BLACK);
        g.drawString("p50, one way", x, TOP + 4);
        int barTop = TOP + 14;
        int barHeight = 200;
        for (int i = 0; i < barHeight; i++) {
            double ns = Math.exp(Math.log(scale.maxNs)
                    - (double) i / (barHeight - 1) * (Math.log(scale.maxNs) - Math.log(scale.minNs)));
            g.setColor(scale.colour(ns));
            g.drawLine(x, barTop + i, x + 18, barTop + i);
        }
        g.setColor(Color.BLACK);
        g.drawString(Units.ns(scale.maxNs), x + 24, barTop + 10);
        g.drawString(Units.ns(Math.sqrt(scale.maxNs * scale.minNs)), x + 24, barTop + barHeight / 2 + 4);
        g.drawString(Units.ns(scale.minNs), x + 24, barTop + barHeight);
        int y = barTop + barHeight + 30;
        g.drawString("relation (sysfs)", x, y);
        for (CpuPair.Relation r : CpuPair.Relation.values()) {
            y += 18;
            g.setColor(MapScale.colour(r));
            g.fillRect(x, y - 11, 14, 14);
            g.setColor(Color.BLACK);
            g.drawString(r.id, x + 20, y);
        }
        if (!m.plan.everyPair) {
            g.drawString("white: not measured", x, y + 24);
            g.drawString("(representative pairs)", x, y + 38);
        }
    }
}
