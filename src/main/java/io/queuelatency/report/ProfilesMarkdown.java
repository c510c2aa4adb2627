package io.queuelatency.report;

import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.decide.ProfiledRuns;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.Profile;
import io.queuelatency.text.Units;
import io.queuelatency.words.RunWords;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** summary.md's "Profiles" section ({@link ProfilesReport}): the words. */
final class ProfilesMarkdown {
    private ProfilesMarkdown() {
    }

    static void section(Markdown md, Analysis a, Map<MatrixPlan.PlannedJvm, ProfilesReport.Summed> profiled,
                        List<ProfilesReport.Differential> pairs, String suffix) {
        md.paragraph("## Profiles (--profile): where the slower JVM spends its time");
        ProfiledRuns rule = a.data.profiledRuns();
        md.line("Every second run of each JVM was profiled: async-profiler sampled both measured threads on the wall "
                + "clock (a descheduled thread is seen too) every " + Units.ns(interval(a)) + " through the window, "
                + "on the messages' clock. A sample inside a slow message's flight (from its intended send to its "
                + "receipt, beyond " + a.data.plan.settings.profile + " of its run) went to the slow profile, the "
                + "rest of the window's to the typical one; the runs' profiles are summed per JVM.");
        md.line(rule.count ? "The profiled runs count in the statistics: at p50 and p99 the median of each JVM's "
                + "profiled runs lies within the range of its unprofiled runs."
                : "The profiled runs are kept apart: the verdicts above rest on the unprofiled runs alone ("
                + rule.outside.id + "'s profiled runs' median at " + rule.outsideAt.name()
                + " lies outside the range of its unprofiled runs).");
        md.line("Flame graphs are async-profiler's own; a differential is drawn in the first profile's shape, each "
                + "frame red where it takes a larger share of that profile's samples than of the second's, blue "
                + "where a smaller.");
        md.line();
        md.header("JVM", "profiled runs", "slow messages", "with a sample", "flame graphs");
        for (ProfilesReport.Summed s : profiled.values()) {
            md.row(s.jvm.id, Integer.toString(s.runs), String.format(Locale.ROOT, "%,d", s.slowMessages),
                    String.format(Locale.ROOT, "%,d (%.0f%%)", s.slowMessagesSampled,
                            s.slowMessages == 0 ? 0 : 100.0 * s.slowMessagesSampled / s.slowMessages),
                    link("slow", ProfilesReport.file(s.jvm, Profile.SLOW, suffix, Profile.HTML)) + ", "
                            + link("typical", ProfilesReport.file(s.jvm, Profile.TYPICAL, suffix, Profile.HTML))
                            + ", " + link("slow against typical",
                            ProfilesReport.file(s.jvm, "slow-vs-typical", suffix, Profile.HTML)));
        }
        md.line();
        counters(md, a, profiled);
        List<String> lines = new ArrayList<>();
        for (ProfilesReport.Differential p : pairs) {
            String what = p.which.equals(Profile.SLOW) ? "slow messages" : "typical messages";
            lines.add("- " + link(p.slower.jvm.id + " against " + p.faster.jvm.id + ", the " + what, p.file(suffix))
                    + (p.explains.isEmpty() ? " (no verdict between them; " + p.faster.jvm.id + " has the lowest p50)"
                    : ": explains " + p.slower.jvm.id + " slower at " + RunWords.list(names(p.explains))));
        }
        if (!lines.isEmpty()) {
            md.line("Where the time goes, JVM against JVM (the collapsed stacks beside each flame graph in "
                    + ProfilesReport.DIR + "/):");
            md.line();
            lines.forEach(md::line);
            md.line();
        }
    }

    /**
     * The processor's counters per message of the window, each JVM's median over its profiled runs, producer and
     * consumer: where the median differs, "more instructions" or "more misses"; or why there are none.
     */
    private static void counters(Markdown md, Analysis a, Map<MatrixPlan.PlannedJvm, ProfilesReport.Summed> profiled) {
        List<String[]> rows = new ArrayList<>();
        String problem = null;
        for (MatrixPlan.PlannedJvm jvm : profiled.keySet()) {
            List<double[]> each = new ArrayList<>(); // per run: producer's and consumer's four counts a message
            for (MatrixData.Cell c : a.data.validCellsOf(jvm)) {
                Profile p = c.result.profile;
                if (!ProfiledRuns.profiled(c)) {
                    continue;
                }
                if (p.counters.size() == 2) {
                    each.add(perMessage(p, c.result.messages.measured));
                } else if (problem == null) {
                    problem = p.countersProblem;
                }
            }
            if (!each.isEmpty()) {
                double[] m = new double[8];
                for (int i = 0; i < 8; i++) {
                    final int k = i;
                    m[i] = io.queuelatency.decide.Estimate.median(each.stream().mapToDouble(r -> r[k]).toArray());
                }
                rows.add(new String[] {jvm.id, Integer.toString(each.size()), count(m[0]), ipc(m[0], m[1]),
                    decimal(m[2]), decimal(m[3]), count(m[4]), ipc(m[4], m[5]), decimal(m[6]), decimal(m[7])});
            }
        }
        if (rows.isEmpty()) {
            md.paragraph("The processor's counters: none" + (problem == null ? "." : ": " + problem + "."));
            return;
        }
        md.line("The processor's counters over the window (perf stat, per measured thread), per message of the window, "
                + "each JVM's median over its counted runs. Both threads spin while they wait, so instructions and "
                + "cycles count the waiting too; the misses are the message's work.");
        md.line();
        md.table(rows, "JVM", "runs", "producer instructions", "IPC", "cache misses", "branch misses",
                "consumer instructions", "IPC", "cache misses", "branch misses");
    }

    private static double[] perMessage(Profile p, long messages) {
        double[] r = new double[8];
        for (int t = 0; t < 2; t++) {
            Profile.ThreadCounts c = p.counters.get(t);
            r[4 * t] = (double) c.instructions / messages;
            r[4 * t + 1] = (double) c.cycles / messages;
            r[4 * t + 2] = (double) c.cacheMisses / messages;
            r[4 * t + 3] = (double) c.branchMisses / messages;
        }
        return r;
    }

    private static String count(double v) {
        return String.format(Locale.ROOT, "%,.0f", v);
    }

    private static String ipc(double instructions, double cycles) {
        return cycles <= 0 ? "-" : String.format(Locale.ROOT, "%.2f", instructions / cycles);
    }

    private static String decimal(double v) {
        return String.format(Locale.ROOT, "%,.2f", v);
    }

    private static List<String> names(List<Percentile> ps) {
        List<String> n = new ArrayList<>();
        ps.forEach(p -> n.add(p.name()));
        return n;
    }

    private static String link(String text, String file) {
        return "[" + text + "](" + file + ")";
    }

    private static long interval(Analysis a) {
        for (MatrixData.Cell c : a.data.cells) {
            if (c.result != null && c.result.profile != null && c.result.profile.taken()) {
                return c.result.profile.intervalNs;
            }
        }
        return 0;
    }
}
