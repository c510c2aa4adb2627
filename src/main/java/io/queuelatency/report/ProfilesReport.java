package io.queuelatency.report;

import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.Estimate;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.decide.PairVerdict;
import io.queuelatency.decide.ProfiledRuns;
import io.queuelatency.files.Format;
import io.queuelatency.files.WholeFile;
import io.queuelatency.profile.FlameGraphs;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.Profile;
import io.queuelatency.text.Units;
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
 * the median, the slow ones for a verdict in the tail; and each JVM against the lowest p50's, both. One
 * {@link View} of it all, which summary.md, summary.json and the files are made from.
 */
final class ProfilesReport {
    static final String DIR = "profiles";
    /** How many grown leaf frames a differential names. */
    static final int GROWN = 5;

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

        String stacks(String which) {
            return which.equals(Profile.SLOW) ? slow : typical;
        }
    }

    /** A differential: the slower JVM first, which profile (slow or typical), and the verdicts it explains. */
    static final class Differential {
        final Summed slower;
        final Summed faster;
        final String which;
        /** Its flame graph's path in the report, with the slice's suffix in a sweep. */
        final String file;
        final List<Percentile> explains = new ArrayList<>();
        /** The leaf frames whose share grows most from the faster to the slower. */
        List<FlameGraphs.Leaf> grown = new ArrayList<>();

        Differential(Summed slower, Summed faster, String which, String suffix) {
            this.slower = slower;
            this.faster = faster;
            this.which = which;
            this.file = DIR + "/" + slower.jvm.id + "-vs-" + faster.jvm.id + "-" + which + suffix + Profile.HTML;
        }
    }

    /** What a slice's profiles say, for summary.md, summary.json and the files alike. */
    static final class View {
        final Analysis analysis;
        final Map<MatrixPlan.PlannedJvm, Summed> jvms;
        final List<Differential> pairs;
        final String suffix;
        /** Per JVM with counted runs: the median over them of the eight counts a message ({@link #COUNTS}). */
        final Map<MatrixPlan.PlannedJvm, double[]> counters = new LinkedHashMap<>();
        /** Why a profiled run has no counters (the first such run's); null where every one has them. */
        String countersProblem;

        View(Analysis analysis, Map<MatrixPlan.PlannedJvm, Summed> jvms, String suffix) throws IOException {
            this.analysis = analysis;
            this.jvms = jvms;
            this.suffix = suffix;
            this.pairs = pairs(analysis, jvms, suffix);
            for (Differential d : pairs) {
                d.grown = FlameGraphs.grown(d.slower.stacks(d.which), d.faster.stacks(d.which), GROWN);
            }
            for (MatrixPlan.PlannedJvm jvm : jvms.keySet()) {
                List<double[]> each = new ArrayList<>();
                for (MatrixData.Cell c : analysis.data.validCellsOf(jvm)) {
                    Profile p = c.result.profile;
                    if (ProfiledRuns.profiled(c) && p.counters.size() == 2) {
                        each.add(perMessage(p, c.result.messages.measured));
                    } else if (ProfiledRuns.profiled(c) && countersProblem == null) {
                        countersProblem = p.countersProblem;
                    }
                }
                if (!each.isEmpty()) {
                    counters.put(jvm, java.util.stream.IntStream.range(0, COUNTS.length).mapToDouble(
                            k -> Estimate.median(each.stream().mapToDouble(r -> r[k]).toArray())).toArray());
                }
            }
        }

        long intervalNs() {
            return analysis.data.cells.stream().filter(c -> c.result != null && ProfiledRuns.profiled(c)).findFirst()
                    .map(c -> c.result.profile.intervalNs).orElse(0L);
        }
    }

    /** The counts a message, producer's then consumer's. */
    static final String[] COUNTS = {"producerInstructions", "producerCycles", "producerCacheMisses",
        "producerBranchMisses", "consumerInstructions", "consumerCycles", "consumerCacheMisses",
        "consumerBranchMisses"};

    private static double[] perMessage(Profile p, long messages) {
        double[] r = new double[COUNTS.length];
        for (int t = 0; t < 2; t++) {
            Profile.ThreadCounts c = p.counters.get(t);
            r[4 * t] = (double) c.instructions / messages;
            r[4 * t + 1] = (double) c.cycles / messages;
            r[4 * t + 2] = (double) c.cacheMisses / messages;
            r[4 * t + 3] = (double) c.branchMisses / messages;
        }
        return r;
    }

    private ProfilesReport() {
    }

    /** Each slice's view, built once for every file the report makes of it (its stacks read once). */
    static List<View> views(List<Analysis> slices) {
        List<View> views = new ArrayList<>();
        for (Analysis a : slices) {
            views.add(view(a, slices.size() > 1 ? a.data.slice.suffix() : ""));
        }
        return views;
    }

    /** The view of a slice's profiles; null without profiled runs (or where their stacks cannot be read). */
    private static View view(Analysis a, String suffix) {
        try {
            Map<MatrixPlan.PlannedJvm, Summed> summed = summed(a);
            return summed.isEmpty() ? null : new View(a, summed, suffix);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Per JVM of the analysis with profiled runs, in its order; empty without --profile. */
    private static Map<MatrixPlan.PlannedJvm, Summed> summed(Analysis a) throws IOException {
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
    private static List<Differential> pairs(Analysis a, Map<MatrixPlan.PlannedJvm, Summed> summed, String suffix) {
        Map<String, Differential> pairs = new LinkedHashMap<>();
        for (PairVerdict v : a.verdicts) {
            MatrixPlan.PlannedJvm faster = v.faster();
            if (faster != null && summed.containsKey(v.first) && summed.containsKey(v.second)) {
                MatrixPlan.PlannedJvm slower = faster == v.first ? v.second : v.first;
                String which = v.percentile.equals(Percentile.P50) ? Profile.TYPICAL : Profile.SLOW;
                Differential d = pairs.computeIfAbsent(slower.id + " " + faster.id + " " + which,
                        k -> new Differential(summed.get(slower), summed.get(faster), which, suffix));
                d.explains.add(v.percentile);
            }
        }
        List<MatrixPlan.PlannedJvm> ranked = a.ranking(Percentile.P50);
        MatrixPlan.PlannedJvm fastest = ranked.isEmpty() ? null : ranked.get(0);
        for (Summed s : summed.values()) {
            for (String which : new String[] {Profile.TYPICAL, Profile.SLOW}) {
                if (fastest != null && s.jvm != fastest && summed.containsKey(fastest)) {
                    pairs.putIfAbsent(s.jvm.id + " " + fastest.id + " " + which,
                            new Differential(s, summed.get(fastest), which, suffix));
                }
            }
        }
        return new ArrayList<>(pairs.values());
    }

    /** The first screen's line under the answer: the differentials that explain its verdicts; "" where none. */
    static String firstScreen(View v) {
        List<String> links = new ArrayList<>();
        for (Differential d : v == null ? new ArrayList<Differential>() : v.pairs) {
            if (!d.explains.isEmpty()) {
                links.add("[" + d.slower.jvm.id + " against " + d.faster.jvm.id + ", the " + d.which + " messages' "
                        + "samples](" + d.file + ") (" + String.join(", ", TablesMarkdown.names(d.explains))
                        + ")");
            }
        }
        return links.isEmpty() ? "" : "What the slower JVM's threads ran, as flame graphs beside the verdicts (the "
                + "code, not who took their CPU: that is under \"What the tail is made of\"): "
                + String.join("; ", links) + "; every profile under \"Profiles\".";
    }

    /** The files, in the order written: per JVM its two profiles and slow against typical, then the pairs. */
    static List<Format<Object>> formats(View v) {
        List<Format<Object>> f = new ArrayList<>();
        for (Summed s : v.jvms.values()) {
            String title = s.jvm.label + ", " + Units.count(s.runs, "profiled run");
            for (String which : new String[] {Profile.SLOW, Profile.TYPICAL}) {
                String stacks = s.stacks(which);
                f.add(Format.text(file(s.jvm, which, v.suffix, Profile.COLLAPSED), r -> stacks));
                f.add(Format.of(file(s.jvm, which, v.suffix, Profile.HTML), r -> bytes(FlameGraphs.html(stacks,
                        title + ": " + (which.equals(Profile.SLOW) ? "the slow messages' samples"
                                : "the window's other samples")))));
            }
            f.add(Format.of(file(s.jvm, "slow-vs-typical", v.suffix, Profile.HTML), r -> bytes(FlameGraphs.diff(
                    s.slow, s.typical, title + ": the slow messages against the rest (red: a larger share when "
                    + "slow)"))));
        }
        for (Differential p : v.pairs) {
            f.add(Format.of(p.file, r -> bytes(FlameGraphs.diff(p.slower.stacks(p.which),
                    p.faster.stacks(p.which), p.slower.jvm.label + " against " + p.faster.jvm.label + ", the "
                    + p.which + " messages (red: a larger share in " + p.slower.jvm.label + ")"))));
        }
        return f;
    }

    static String file(MatrixPlan.PlannedJvm jvm, String which, String suffix, String type) {
        return DIR + "/" + jvm.id + suffix + "-" + which + type;
    }

    private static WholeFile.Content bytes(byte[] page) {
        return tmp -> Files.write(tmp, page);
    }

    /**
     * Writes every slice's profiles into {@code dir}/profiles (nothing without --profile), and removes what an earlier
     * report wrote there that this one does not: a differential of a verdict the later cells undid.
     */
    static void write(List<View> views, Path dir) throws IOException {
        java.util.Set<String> written = new java.util.HashSet<>();
        for (View v : views) {
            if (v != null) {
                Files.createDirectories(dir.resolve(DIR));
                List<Format<Object>> formats = formats(v);
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
