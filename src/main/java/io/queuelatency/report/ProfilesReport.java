package io.queuelatency.report;

import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.decide.PairVerdict;
import io.queuelatency.decide.ProfiledRuns;
import io.queuelatency.files.Format;
import io.queuelatency.files.WholeFile;
import io.queuelatency.profile.FlameGraphs;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.Profile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A matrix's profiles (--profile), from the profiled runs' stored stacks: per JVM its runs' slow and typical
 * profiles summed, each as collapsed stacks and a flame graph, with the slow set against the typical; and the
 * differentials that explain the verdicts: a slower JVM against the faster, the typical profiles for a verdict at
 * the median, the slow ones for a verdict in the tail; and each JVM against the lowest p50's, both.
 */
final class ProfilesReport {
    static final String DIR = "profiles";

    /** One JVM's profiled runs, summed. */
    static final class Summed {
        final MatrixPlan.PlannedJvm jvm;
        final String slow;
        final String typical;
        final int runs;
        final long slowMessages;
        final long slowMessagesSampled;

        Summed(MatrixPlan.PlannedJvm jvm, String slow, String typical, int runs, long slowMessages, long sampled) {
            this.jvm = jvm;
            this.slow = slow;
            this.typical = typical;
            this.runs = runs;
            this.slowMessages = slowMessages;
            this.slowMessagesSampled = sampled;
        }
    }

    /** A differential: the slower JVM first, which profile (slow or typical), and the verdicts it explains. */
    static final class Differential {
        final Summed slower;
        final Summed faster;
        final String which;
        final List<Percentile> explains = new ArrayList<>();

        Differential(Summed slower, Summed faster, String which) {
            this.slower = slower;
            this.faster = faster;
            this.which = which;
        }

        String file(String suffix) {
            return DIR + "/" + slower.jvm.id + "-vs-" + faster.jvm.id + "-" + which + suffix + Profile.HTML;
        }
    }

    private ProfilesReport() {
    }

    /** Per JVM of the analysis with profiled runs, in its order; empty without --profile. */
    static Map<MatrixPlan.PlannedJvm, Summed> summed(Analysis a) throws IOException {
        Map<MatrixPlan.PlannedJvm, Summed> all = new LinkedHashMap<>();
        for (MatrixPlan.PlannedJvm jvm : a.data.measuredJvms()) {
            List<String> slow = new ArrayList<>();
            List<String> typical = new ArrayList<>();
            long messages = 0;
            long sampled = 0;
            for (MatrixData.Cell c : a.data.validCellsOf(jvm)) {
                if (ProfiledRuns.profiled(c)) {
                    slow.add(read(c.dir, Profile.SLOW));
                    typical.add(read(c.dir, Profile.TYPICAL));
                    messages += c.result.profile.slowMessages;
                    sampled += c.result.profile.slowMessagesSampled;
                }
            }
            if (!slow.isEmpty()) {
                all.put(jvm, new Summed(jvm, FlameGraphs.sum(slow), FlameGraphs.sum(typical), slow.size(), messages,
                        sampled));
            }
        }
        return all;
    }

    private static String read(Path cell, String which) throws IOException {
        return new String(Files.readAllBytes(cell.resolve(Profile.DIR).resolve(which + Profile.COLLAPSED)),
                StandardCharsets.UTF_8);
    }

    /**
     * The differentials the verdicts ask for: for each decided pair, the slower against the faster, at the median
     * the typical profiles, in the tail the slow ones; and each JVM against the fastest at the median, both.
     */
    static List<Differential> pairs(Analysis a, Map<MatrixPlan.PlannedJvm, Summed> summed) {
        Map<String, Differential> pairs = new LinkedHashMap<>();
        for (PairVerdict v : a.verdicts) {
            MatrixPlan.PlannedJvm faster = v.faster();
            if (faster != null && summed.containsKey(v.first) && summed.containsKey(v.second)) {
                MatrixPlan.PlannedJvm slower = faster == v.first ? v.second : v.first;
                String which = v.percentile.equals(Percentile.P50) ? Profile.TYPICAL : Profile.SLOW;
                Differential d = pairs.computeIfAbsent(slower.id + " " + faster.id + " " + which,
                        k -> new Differential(summed.get(slower), summed.get(faster), which));
                d.explains.add(v.percentile);
            }
        }
        List<MatrixPlan.PlannedJvm> ranked = a.ranking(Percentile.P50);
        MatrixPlan.PlannedJvm fastest = ranked.isEmpty() ? null : ranked.get(0);
        for (Summed s : summed.values()) {
            for (String which : new String[] {Profile.TYPICAL, Profile.SLOW}) {
                if (fastest != null && s.jvm != fastest && summed.containsKey(fastest)) {
                    pairs.putIfAbsent(s.jvm.id + " " + fastest.id + " " + which,
                            new Differential(s, summed.get(fastest), which));
                }
            }
        }
        return new ArrayList<>(pairs.values());
    }

    /** The files, in the order written: per JVM its two profiles and slow against typical, then the pairs. */
    static List<Format<Object>> formats(Map<MatrixPlan.PlannedJvm, Summed> summed, List<Differential> pairs,
                                        String suffix) {
        List<Format<Object>> f = new ArrayList<>();
        for (Summed s : summed.values()) {
            String title = s.jvm.label + ", " + s.runs + (s.runs == 1 ? " profiled run" : " profiled runs");
            for (String which : new String[] {Profile.SLOW, Profile.TYPICAL}) {
                String stacks = which.equals(Profile.SLOW) ? s.slow : s.typical;
                f.add(Format.text(file(s.jvm, which, suffix, Profile.COLLAPSED), r -> stacks));
                f.add(Format.of(file(s.jvm, which, suffix, Profile.HTML), r -> bytes(FlameGraphs.html(stacks,
                        title + ": " + (which.equals(Profile.SLOW) ? "the slow messages' samples"
                                : "the window's other samples")))));
            }
            f.add(Format.of(file(s.jvm, "slow-vs-typical", suffix, Profile.HTML), r -> bytes(FlameGraphs.diff(s.slow,
                    s.typical, title + ": the slow messages against the rest (red: a larger share when slow)"))));
        }
        for (Differential p : pairs) {
            f.add(Format.of(p.file(suffix), r -> bytes(FlameGraphs.diff(
                    p.which.equals(Profile.SLOW) ? p.slower.slow : p.slower.typical,
                    p.which.equals(Profile.SLOW) ? p.faster.slow : p.faster.typical,
                    p.slower.jvm.label + " against " + p.faster.jvm.label + ", " + (p.which.equals(Profile.SLOW)
                            ? "the slow messages" : "the typical messages") + " (red: a larger share in "
                            + p.slower.jvm.label + ")"))));
        }
        return f;
    }

    static String file(MatrixPlan.PlannedJvm jvm, String which, String suffix, String type) {
        return DIR + "/" + jvm.id + suffix + "-" + which + type;
    }

    private static WholeFile.Content bytes(byte[] page) {
        return tmp -> Files.write(tmp, page);
    }

    /** summary.md's section, beside the verdicts: what was profiled, the flame graphs, what explains each verdict. */
    static void section(Markdown md, Analysis a, String suffix) {
        Map<MatrixPlan.PlannedJvm, Summed> profiled = profiled(a);
        if (!profiled.isEmpty()) {
            ProfilesMarkdown.section(md, a, profiled, pairs(a, profiled), suffix);
        }
    }

    /** The first screen's line under the answer: the differentials that explain its verdicts; "" where none. */
    static String firstScreen(Analysis a, String suffix) {
        List<String> links = new ArrayList<>();
        for (Differential d : pairs(a, profiled(a))) {
            if (!d.explains.isEmpty()) {
                links.add("[" + d.slower.jvm.id + " against " + d.faster.jvm.id + ", the " + d.which + " messages' "
                        + "samples](" + d.file(suffix) + ") (" + String.join(", ", names(d.explains)) + ")");
            }
        }
        return links.isEmpty() ? "" : "Where the slower JVM spends its time, as flame graphs: "
                + String.join("; ", links) + "; every profile under \"Profiles\".";
    }

    private static List<String> names(List<Percentile> ps) {
        List<String> n = new ArrayList<>();
        ps.forEach(p -> n.add(p.name()));
        return n;
    }

    /** Per JVM with profiled runs, what they rest on (from the results, not the stacks). */
    private static Map<MatrixPlan.PlannedJvm, Summed> profiled(Analysis a) {
        Map<MatrixPlan.PlannedJvm, Summed> profiled = new LinkedHashMap<>();
        for (MatrixPlan.PlannedJvm jvm : a.data.measuredJvms()) {
            List<Profile> ps = new ArrayList<>();
            for (MatrixData.Cell c : a.data.validCellsOf(jvm)) {
                if (ProfiledRuns.profiled(c)) {
                    ps.add(c.result.profile);
                }
            }
            if (!ps.isEmpty()) {
                profiled.put(jvm, new Summed(jvm, null, null, ps.size(),
                        ps.stream().mapToLong(p -> p.slowMessages).sum(),
                        ps.stream().mapToLong(p -> p.slowMessagesSampled).sum()));
            }
        }
        return profiled;
    }

    /**
     * Writes every slice's profiles into {@code dir}/profiles (nothing without --profile), and removes what an earlier
     * report wrote there that this one does not: a differential of a verdict the later cells undid.
     */
    static void write(List<Analysis> slices, Path dir, boolean sweep) throws IOException {
        java.util.Set<String> written = new java.util.HashSet<>();
        for (Analysis a : slices) {
            Map<MatrixPlan.PlannedJvm, Summed> summed = summed(a);
            if (!summed.isEmpty()) {
                Files.createDirectories(dir.resolve(DIR));
                List<Format<Object>> formats = formats(summed, pairs(a, summed), sweep ? a.data.slice.suffix() : "");
                Format.writeAll(null, dir, formats);
                formats.forEach(f -> written.add(dir.resolve(f.fileName()).getFileName().toString()));
            }
        }
        if (Files.isDirectory(dir.resolve(DIR))) {
            try (java.util.stream.Stream<Path> files = Files.list(dir.resolve(DIR))) {
                for (Path f : (Iterable<Path>) files::iterator) {
                    String name = f.getFileName().toString();
                    boolean ours = name.endsWith(Profile.HTML) || name.endsWith(Profile.COLLAPSED);
                    if (ours && !written.contains(name)) {
                        Files.delete(f);
                    }
                }
            }
        }
    }
}
