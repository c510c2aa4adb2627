package io.queuelatency.wings.fleet;

import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.report.Charts;
import io.queuelatency.report.FigureData;
import io.queuelatency.report.Figures;
import io.queuelatency.report.Markdown;
import io.queuelatency.result.Percentile;
import io.queuelatency.words.HostWords;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/** The fleet's figures: each JVM's p50 and p99 on each host type, side by side, not joined across the types. */
final class FleetFigures {
    /** The percentiles drawn. */
    static final List<Percentile> DRAWN =
            Collections.unmodifiableList(java.util.Arrays.asList(Percentile.P50, Percentile.P99));

    private FleetFigures() {
    }

    static String file(Percentile p, String suffix) {
        return "fleet-" + p.name().replace('.', '_') + suffix + ".png";
    }

    /** Every slice the pools measured, in their order. */
    static List<MatrixData.Slice> slices(List<HostGroup.Pooled> pools) {
        java.util.Set<MatrixData.Slice> slices = new java.util.LinkedHashSet<>();
        for (HostGroup.Pooled pool : pools) {
            for (Analysis a : pool.analyses()) {
                slices.add(io.queuelatency.decide.AutoRuns.sliceOf(a));
            }
        }
        return new ArrayList<>(slices);
    }

    private static String suffix(List<MatrixData.Slice> slices, MatrixData.Slice s) {
        return slices.size() == 1 ? "" : s.suffix();
    }

    /** Draws them into {@code dir}; one that cannot be drawn is named in {@code figures}. */
    static void write(Path dir, List<HostGroup.Pooled> pools, Figures figures) {
        System.setProperty("java.awt.headless", "true");
        List<String> names = new ArrayList<>();
        List<String> indicative = new ArrayList<>();
        for (HostGroup.Pooled pool : pools) {
            names.add(pool.name);
            io.queuelatency.result.HostFindings check = pool.analyses().get(0).data.hostCheck();
            if (check != null && !check.publishable()) {
                indicative.add(pool.name);
            }
        }
        String stamp = indicative.isEmpty() ? null
                : HostWords.grade(io.queuelatency.result.HostFindings.Grade.INDICATIVE) + " on "
                + String.join(", ", indicative);
        List<MatrixData.Slice> slices = slices(pools);
        for (MatrixData.Slice s : slices) {
            List<Analysis> each = new ArrayList<>();
            for (HostGroup.Pooled pool : pools) {
                each.add(FleetRanking.at(pool, s));
            }
            for (Percentile p : DRAWN) {
                String name = file(p, suffix(slices, s));
                String title = "Figure F" + (DRAWN.indexOf(p) + 1) + ": " + p.name() + " one-way latency (intended) "
                        + "per JVM on each host type" + (slices.size() == 1 ? "" : ", " + s.label())
                        + ": median of the runs and interval, side by side";
                figures.png(dir, name, () -> Charts.draw(FigureData.acrossTypes(p, names, each, title, stamp)));
            }
        }
    }

    /** The figures' lines in summary.md (with the pools' slices); one not drawn is said with why. */
    static void markdown(Markdown md, List<HostGroup.Pooled> pools, Map<String, String> missing) {
        List<MatrixData.Slice> slices = slices(pools);
        for (MatrixData.Slice s : slices) {
            for (Percentile p : DRAWN) {
                String name = file(p, suffix(slices, s));
                String caption = "Figure F" + (DRAWN.indexOf(p) + 1) + ": each JVM's " + p.name() + " on each host "
                        + "type" + (slices.size() == 1 ? "" : ", " + s.label());
                md.paragraph(missing.containsKey(name) ? caption + ": not drawn (" + missing.get(name) + ")"
                        : "![" + caption + "](" + name + ")");
            }
        }
    }
}
