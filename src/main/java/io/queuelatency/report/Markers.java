package io.queuelatency.report;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;

/**
 * Each JVM's marker in every figure: one of 8 shapes by its place in the plan. JVMs 9 to 16, whose colours are each
 * near one of the first 8's, take a shape that colour's neighbours do not have. Each further 16 shift by one.
 */
public final class Markers {
    static final int SHAPES = 8;
    /**
     * The shape of each of the 16 colours: 0-7 in order; 8 indigo (near blue 0, sky 5) down; 9 dark green (near green
     * 2) square; 10 wine (near pink 3) circle; 11 teal (near green 2, sky 5, dark green 9) star; 12 olive (near orange
     * 4, gold 7) up; 13 purple (near pink 3, wine 10) diamond; 14 rose (near pink 3, vermilion 1, wine 10, purple 13)
     * pentagon; 15 brown (near vermilion 1, wine 10) cross.
     */
    private static final int[] SHAPE_OF = {0, 1, 2, 3, 4, 5, 6, 7, 4, 1, 0, 7, 3, 2, 5, 6};
    /** Each polygon shape's {radius factor, corners, turn}: square, diamond, triangles up and down, pentagon, star. */
    private static final double[][] POLYGONS = {null, {1.25, 4, Math.PI / 4}, {1.2, 4, 0}, {1.25, 3, 0},
        {1.25, 3, Math.PI}, {1.15, 5, 0}, null, {1.35, 5, 0}};

    private Markers() {
    }

    /** The shape of JVM {@code i}: its colour's ({@link #SHAPE_OF}), each further 16 JVMs shifted by one. */
    public static int shape(int i) {
        return (SHAPE_OF[i % SHAPE_OF.length] + i / SHAPE_OF.length) % SHAPES;
    }

    /** JVM {@code i}'s marker of radius {@code r} at (x, y) in the current colour; filled, or white inside. */
    public static void draw(Graphics2D g, int i, double x, double y, double r, boolean fill) {
        int k = shape(i);
        double[] p = POLYGONS[k];
        java.awt.Shape m = k == 0 ? new Ellipse2D.Double(x - r, y - r, 2 * r, 2 * r) : k == 6 ? cross(x, y, r * 1.1)
                : polygon(x, y, r * p[0], (int) p[1], p[2], k == 7 ? r * p[0] * 0.45 : 0);
        Color c = g.getColor();
        if (!fill) {
            g.setColor(Color.WHITE);
        }
        g.fill(m);
        g.setColor(c);
        g.draw(m);
    }

    /** A regular polygon turned by {@code turn}; with {@code inner} > 0 a star of as many points. */
    private static Path2D.Double polygon(double x, double y, double r, int corners, double turn, double inner) {
        int points = inner > 0 ? 2 * corners : corners;
        Path2D.Double p = new Path2D.Double();
        for (int k = 0; k < points; k++) {
            double a = turn + 2 * Math.PI * k / points - Math.PI / 2;
            double rr = inner > 0 && k % 2 == 1 ? inner : r;
            Drawing.extend(p, x + rr * Math.cos(a), y + rr * Math.sin(a));
        }
        p.closePath();
        return p;
    }

    private static Path2D.Double cross(double x, double y, double r) {
        double w = r / 2.5;
        Path2D.Double p = new Path2D.Double();
        double[][] pts = {{-w, -r}, {w, -r}, {w, -w}, {r, -w}, {r, w}, {w, w}, {w, r}, {-w, r}, {-w, w}, {-r, w},
                {-r, -w}, {-w, -w}};
        for (double[] pt : pts) {
            Drawing.extend(p, x + pt[0], y + pt[1]);
        }
        p.closePath();
        return p;
    }
}
