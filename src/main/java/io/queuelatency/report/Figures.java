package io.queuelatency.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** Draws the optional figures: one that cannot be drawn is left out and named, never a failure. */
public final class Figures {
    /** One figure to draw into its file. */
    public interface Figure {
        /** Writes the figure; false when there is nothing to draw (no data), which is not a failure. */
        boolean draw() throws IOException;
    }

    /**
     * The first reason seen for each kind of failure, by its remedy: a font manager that failed to load once fails
     * again as "Could not initialize class ...", which is the same cause and is told with the first reason.
     */
    private static final Map<String, String> FIRST = new ConcurrentHashMap<>();
    private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();

    private final PrintStream warnings;
    /** Each missing figure (its file name, relative to the report) with why it was not drawn. */
    private final Map<String, String> missing = new LinkedHashMap<>();

    public Figures(PrintStream warnings) {
        this.warnings = warnings;
    }

    /** Draws one figure into {@code file}; true when drawn. One that fails leaves no file: an old one would mislead. */
    public boolean draw(Path file, String name, Figure drawing) {
        try {
            return drawing.draw();
        } catch (Throwable e) {
            // a figure is optional: whatever went wrong (LinkageError, AWTError, InternalError), the data stay
            String why = why(e);
            missing.put(name, why);
            try {
                Files.deleteIfExists(file);
            } catch (IOException | RuntimeException gone) {
                // the report says it is missing all the same
            }
            if (WARNED.add(why)) {
                warnings.println("queue-latency: warning: figures are left out (" + name + " first): " + why
                        + "; the numbers are all in the tables and files");
            }
            return false;
        }
    }

    /** Draws {@code image} into {@code dir}'s file {@code name} as a PNG; true when drawn. */
    public boolean png(Path dir, String name, java.util.function.Supplier<java.awt.image.BufferedImage> image) {
        Path file = dir.resolve(name);
        return draw(file, name, () -> {
            Drawing.save(image.get(), file);
            return true;
        });
    }

    /** The figures not drawn, with why, in the order they were tried. */
    public Map<String, String> missing() {
        return Collections.unmodifiableMap(missing);
    }

    /** One line: what failed and what would enable the figures (libfreetype, libharfbuzz, a font, a full JDK). */
    public static String why(Throwable e) {
        String[] whatAndFix = describe(e);
        return FIRST.computeIfAbsent(whatAndFix[1], fix -> "the JDK could not draw (" + whatAndFix[0] + "); " + fix);
    }

    /** {what failed, what would enable the figures}. */
    private static String[] describe(Throwable e) {
        StringBuilder all = new StringBuilder();
        for (Throwable t = e; t != null && all.length() < 2000; t = t.getCause() == t ? null : t.getCause()) {
            all.append(t).append(' ');
        }
        String text = all.toString();
        String what = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
        if (what.length() > 200) {
            what = what.substring(0, 200) + "...";
        }
        for (String[] f : FIXES) {
            if (java.util.Arrays.stream(f, 1, f.length).anyMatch(text::contains)) {
                return new String[] {what, f[0]};
            }
        }
        return new String[] {what, "rebuild the figures with run-matrix.sh report DIR, perhaps on another JDK"};
    }

    /** Each remedy, then the words in a failure that call for it; the first that matches is told. */
    private static final String[][] FIXES = {
        {"install libharfbuzz (Debian, Ubuntu: libharfbuzz0b; RHEL, Fedora: harfbuzz)", "libharfbuzz"},
        {"install libfreetype (Debian, Ubuntu: libfreetype6; RHEL, Fedora: freetype)", "libfreetype"},
        {"install fontconfig and a font (Debian, Ubuntu: fontconfig fonts-dejavu-core; RHEL, Fedora: fontconfig "
            + "dejavu-sans-fonts)", "fontconfig", "Fontconfig"},
        {"this JDK cannot load its font manager (lib/libfontmanager.so missing or unloadable, as in a trimmed "
            + "runtime): draw the figures with a full JDK, e.g. JAVA_HOME=<full JDK> run-matrix.sh report DIR",
            "fontmanager", "FontManager", "sun.font"},
        {"run with -Djava.awt.headless=true", "X11", "HeadlessException", "AWTError"},
    };

    /** Null where this JVM can draw text, else why not; loads the font manager, so never in a measured JVM. */
    public static String cannotDraw() {
        try {
            System.setProperty("java.awt.headless", "true");
            java.awt.image.BufferedImage image =
                    new java.awt.image.BufferedImage(8, 8, java.awt.image.BufferedImage.TYPE_INT_RGB);
            java.awt.Graphics2D g = image.createGraphics();
            g.drawString("1 µs", 0, 8);
            g.dispose();
            return null;
        } catch (Throwable e) { // whatever the AWT throws here is the answer
            return why(e);
        }
    }
}
