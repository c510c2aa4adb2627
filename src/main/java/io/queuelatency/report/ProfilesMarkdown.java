package io.queuelatency.report;

import io.queuelatency.decide.ProfiledRuns;
import io.queuelatency.profile.FlameGraphs;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.Profile;
import io.queuelatency.text.Units;
import io.queuelatency.words.DefinitionWords;
import io.queuelatency.words.RunWords;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/** summary.md's "Profiles" section ({@link ProfilesReport}): the words, from its view. */
final class ProfilesMarkdown {
    private ProfilesMarkdown() {
    }

    static void section(Markdown md, ProfilesReport.View v) {
        if (v == null) {
            return;
        }
        md.paragraph("## Profiles (--profile): where the slower JVM spends its time");
        ProfiledRuns rule = v.analysis.data.profiledRuns();
        md.line("Every third run of each JVM was profiled, beside the runs asked for (the table's profiled runs): "
                + "async-profiler sampled both measured threads on the wall "
                + "clock every " + Units.ns(v.intervalNs()) + " through the window, each sample stamped on the "
                + "monotonic clock the messages are timed with.");
        md.line("A sample inside a slow message's flight (from its intended send to its receipt, beyond "
                + v.analysis.data.plan.settings.profile + " of its run; either thread's) went to the slow profile; "
                + "the rest of the window's samples, during the other messages and between them, to the typical one.");
        md.line("Both threads spin while they wait (the producer for its next send time, the consumer for the next "
                + "message), so the typical profile holds the waiting too: a share of it is time, not work.");
        md.line(rule.count ? "The profiled runs count in the statistics: at p50 and p99 of every latency measured ("
                + definitions(v) + ") the median of each JVM's profiled runs lies within the interval of its "
                + "unprofiled runs' median, and the rank-sum test sees no shift between the two (at 5%)."
                : "The profiled runs are kept apart: every table, verdict and chart above rests on the unprofiled runs "
                + "alone. Their median lies outside the spread of the unprofiled runs (beyond the interval of those "
                + "runs' median, or shifted from them by the rank-sum test at 5%) " + outside(rule) + ".");
        md.line("Flame graphs are async-profiler's own; a differential compares methods, whichever compiler made "
                + "them, drawn in the first profile's shape, each frame red where it takes a larger share of that "
                + "profile's samples than of the second's, blue where a smaller.");
        md.line();
        md.header("JVM", "profiled runs", "their p50 (the others')", "slow messages", "with a sample in their flight",
                "slow samples", "other samples", "flame graphs");
        for (ProfilesReport.Summed s : v.jvms.values()) {
            double[] p50 = ProfiledRuns.medians(v.analysis.data, s.jvm, Definition.HEADLINE, Percentile.P50);
            md.row(s.jvm.id, Integer.toString(s.runs), Units.ns(p50[0]) + " (" + Units.ns(p50[1]) + ")",
                    TablesMarkdown.count(s.slowMessages),
                    String.format(Locale.ROOT, "%,d (%.0f%%)", s.slowMessagesSampled,
                            s.slowMessages == 0 ? 0 : 100.0 * s.slowMessagesSampled / s.slowMessages),
                    TablesMarkdown.count(FlameGraphs.samples(s.slow)),
                    TablesMarkdown.count(FlameGraphs.samples(s.typical)),
                    link("slow", ProfilesReport.file(s.jvm, Profile.SLOW, v.suffix, Profile.HTML)) + ", "
                            + link("typical", ProfilesReport.file(s.jvm, Profile.TYPICAL, v.suffix, Profile.HTML))
                            + ", " + link("slow against typical",
                            ProfilesReport.file(s.jvm, "slow-vs-typical", v.suffix, Profile.HTML)));
        }
        md.line();
        counters(md, v);
        differentials(md, v);
        kinds(md, v);
    }

    private static void differentials(Markdown md, ProfilesReport.View v) {
        if (v.pairs.isEmpty()) {
            return;
        }
        md.line("Where the time goes, JVM against JVM (the collapsed stacks beside each flame graph in "
                + ProfilesReport.DIR + "/); under each, the leaf methods whose share of the samples grows most from "
                + "the second JVM to the first, by thread, whichever compiler made them:");
        md.line();
        for (ProfilesReport.Differential p : v.pairs) {
            md.line("- " + link(p.slower.jvm.id + " against " + p.faster.jvm.id + ", the " + p.which + " messages",
                    p.file)
                    + (p.explains.isEmpty() ? " (each JVM against the one of the lowest p50; no verdict to explain)"
                    : ": beside the verdict " + p.slower.jvm.id + " slower at "
                    + RunWords.list(TablesMarkdown.names(p.explains))));
            for (FlameGraphs.Leaf l : p.grown) {
                md.line(String.format(Locale.ROOT, "  - %s `%s`: %.1f%% of %s's samples, %.1f%% of %s's", l.thread,
                        l.frame, 100 * l.first, p.slower.jvm.id, 100 * l.second, p.faster.jvm.id));
            }
        }
        md.line();
    }

    /** Where each JVM's samples end: the leaf frame's kind, its share of each profile. */
    private static void kinds(Markdown md, ProfilesReport.View v) {
        md.line("Where the threads were when sampled, by the kind of the leaf frame (its share of the profile's "
                + "samples): compiled by C2, by C1, inlined into either, interpreted; the rest native, the VM's, "
                + "stubs or the kernel's (the clock reads the spinning threads wait in are there).");
        md.line();
        List<String[]> rows = new ArrayList<>();
        for (ProfilesReport.Summed s : v.jvms.values()) {
            for (String which : new String[] {Profile.TYPICAL, Profile.SLOW}) {
                rows.add(Stream.concat(Stream.of(s.jvm.id, which), Arrays.stream(FlameGraphs.leafKinds(s.stacks(which)))
                        .mapToObj(k -> String.format(Locale.ROOT, "%.1f%%", 100 * k))).toArray(String[]::new));
            }
        }
        md.table(rows, Stream.concat(Stream.of("JVM", "profile"), Arrays.stream(FlameGraphs.KINDS))
                .toArray(String[]::new));
    }

    /** The processor's counters a message, each JVM's median over its counted runs; or why there are none. */
    private static void counters(Markdown md, ProfilesReport.View v) {
        if (v.counters.isEmpty()) {
            md.paragraph("The processor's counters: " + (v.countersProblem == null ? "none" : v.countersProblem)
                    + ".");
            return;
        }
        md.line("The processor's counters over the window (perf stat, per measured thread), per message of the window, "
                + "each JVM's median over its counted runs. Both threads spin while they wait, so instructions and "
                + "cycles count the waiting too; the misses are the message's work.");
        md.line();
        List<String[]> rows = new ArrayList<>();
        v.counters.forEach((jvm, m) -> rows.add(new String[] {jvm.id, count(m[0]), ipc(m[0], m[1]), decimal(m[2]),
            decimal(m[3]), count(m[4]), ipc(m[4], m[5]), decimal(m[6]), decimal(m[7])}));
        md.table(rows, "JVM", "producer instructions", "IPC", "cache misses", "branch misses",
                "consumer instructions", "IPC", "cache misses", "branch misses");
    }

    /** "for openjdk-21 at p99 of the actual and in-queue latencies; for ...". */
    private static String outside(ProfiledRuns rule) {
        java.util.Map<String, java.util.Map<String, List<String>>> by = new java.util.LinkedHashMap<>();
        for (ProfiledRuns.Outside o : rule.outside) {
            by.computeIfAbsent(o.jvm.id, k -> new java.util.LinkedHashMap<>())
                    .computeIfAbsent(o.percentile.name(), k -> new ArrayList<>())
                    .add(DefinitionWords.label(o.definition));
        }
        List<String> each = new ArrayList<>();
        by.forEach((jvm, at) -> {
            List<String> where = new ArrayList<>();
            at.forEach((p, ds) -> where.add(p + " of the " + RunWords.list(ds) + (ds.size() == 1 ? " latency"
                    : " latencies")));
            each.add("for " + jvm + " at " + String.join(", and at ", where));
        });
        return String.join("; ", each);
    }

    private static String definitions(ProfilesReport.View v) {
        List<String> ids = new ArrayList<>();
        v.analysis.measured().forEach(d -> ids.add(DefinitionWords.label(d)));
        return String.join(", ", ids);
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

    private static String link(String text, String file) {
        return "[" + text + "](" + file + ")";
    }
}
