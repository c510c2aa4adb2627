package io.queuelatency.report;

import static io.queuelatency.report.RunScreen.line;

import io.queuelatency.result.JvmFacts;
import io.queuelatency.result.MessageCounts;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.Profile;
import io.queuelatency.result.RunResult;
import io.queuelatency.result.RunSetup;
import io.queuelatency.result.SendRate;
import io.queuelatency.result.StudyConfig;
import io.queuelatency.result.Tail;
import io.queuelatency.result.Warning;
import io.queuelatency.result.Why;
import io.queuelatency.text.Units;
import io.queuelatency.words.CauseWords;
import io.queuelatency.words.DefinitionWords;
import io.queuelatency.words.HostWords;
import io.queuelatency.words.JvmWords;
import io.queuelatency.words.PairWords;
import io.queuelatency.words.RunWords;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** A run's default screen: about 20 lines within {@link #WIDTH} columns; the long form is {@link RunScreen}'s. */
public final class RunBrief {
    /** The columns a line keeps within, a path aside. */
    public static final int WIDTH = 120;
    /** The warnings shown; the rest are counted and left to table.txt. */
    static final int WARNINGS_SHOWN = 2;

    private RunBrief() {
    }

    /** Five lines: the tool and what is timed; the JVM and its flags; the host; the load; the CPUs' relation. */
    public static String header(RunSetup r) {
        StringBuilder s = new StringBuilder();
        StudyConfig c = r.config;
        line(s, "%s: one-way latency through %s", r.tool, r.queueImplementation);
        line(s, "%s", jvmLine(r.jvm));
        line(s, "host:     %s, %s, %d CPUs, isolated: %s, kernel %s%s", r.host.hostname, cpuModel(r.host.cpuModel),
                r.host.onlineCpus, HostWords.isolated(r.host.isolatedCpuList), r.host.kernel,
                r.host.platform == null ? "" : ", " + machine(r.host.platform.virtualisation));
        line(s, "load:     %,d msg/s, %s, warm-up %s, window %s", c.settings.rate,
                RunWords.messages(Integer.toString(c.settings.size), c.settings),
                Units.seconds(c.settings.warmupNs), Units.seconds(c.settings.durationNs));
        line(s, "CPUs:     producer %s on CPU %d, consumer on CPU %d%s", c.settings.betweenProcesses()
                ? "in a second JVM (--topology processes)" : "thread", c.pinnedProducerCpu, c.pinnedConsumerCpu,
                r.host.cpuPair == null ? "" : " (" + PairWords.brief(r.host.cpuPair) + ")");
        return s.toString();
    }

    /** What the run found, after the header; the files in {@code dir} ({@code timeline}: timeline.png drawn). */
    public static String result(RunResult r, String dir, boolean timeline) {
        StringBuilder s = new StringBuilder();
        RunScreen.percentiles(s, r, Percentile.REPORTED, false);
        line(s, "from:     %s", DefinitionWords.brief(r.measured()));
        RunScreen.lineIfAny(s, RunScreen.stages(r));
        s.append('\n');
        messages(s, r.messages);
        rate(s, r.rate);
        line(s, "%s", validity(r));
        line(s, "%s", tail(r.tail));
        if (r.profile != null) {
            line(s, "%s", profile(r.profile));
            line(s, "%s", counters(r.profile, r.messages.measured));
        }
        warnings(s, r);
        line(s, "results:  %s (every detail in table.txt%s)", dir, timeline ? "; timeline.png" : "");
        return s.toString();
    }

    /** "Debian OpenJDK 17.0.15", and " with Graal (JVMCI)" where Graal replaces C2. */
    static String jvm(JvmFacts j) {
        return JvmWords.named(j) + (j.compiler != null && j.compiler.contains("JVMCI") ? " with Graal (JVMCI)" : "");
    }

    /** "5 flags + 11 access flags": the JVM's options counted, the access flags (--add-opens, ...) apart. */
    static String flags(List<String> inputArguments) {
        long access = inputArguments.stream().filter(a -> a.startsWith("--add-")
                || a.startsWith("--enable-native-access") || a.startsWith("--sun-misc-unsafe-memory-access")
                || a.startsWith("--illegal-access")).count();
        long others = inputArguments.size() - access;
        return Units.count(others, "flag") + (access == 0 ? "" : " + " + Units.count(access, "access flag"));
    }

    /** "JVM: Debian OpenJDK 17.0.15, G1, -Xms2g ... + 12 more, /usr/lib/jvm/...", within 120 columns if it can. */
    static String jvmLine(JvmFacts j) {
        String head = "JVM:      " + jvm(j) + ", " + j.garbageCollector + ", ";
        String named = head + namedFlags(j.inputArguments);
        return (named + ", " + j.javaHome).length() <= 120 ? named + ", " + j.javaHome
                : named.length() <= 120 ? named : head + flags(j.inputArguments) + ", " + j.javaHome;
    }

    /** "-Xms2g -XX:+AlwaysPreTouch + 12 more": the -X options (what changes the numbers) named, the rest counted. */
    static String namedFlags(List<String> inputArguments) {
        List<String> named = inputArguments.stream().filter(a -> a.startsWith("-X")).collect(Collectors.toList());
        int rest = inputArguments.size() - named.size();
        return (named.isEmpty() ? "no -X flags" : String.join(" ", named)) + (rest == 0 ? "" : " + " + rest + " more");
    }

    /** "Intel Xeon Processor": without the (R) and (TM) marks. */
    private static String cpuModel(String model) {
        return model == null ? "unknown CPU" : model.replace("(R)", "").replace("(TM)", "").replaceAll("\\s+", " ")
                .trim();
    }

    /** "VM: KVM", "bare metal": the virtualisation's first words. */
    static String machine(String virtualisation) {
        if (virtualisation == null) {
            return "virtualisation unknown";
        }
        String first = virtualisation.split("[;(]")[0].trim();
        return first.startsWith("virtual machine: ") ? "VM: " + first.substring("virtual machine: ".length()) : first;
    }

    /** "messages: 200,000 measured + 200,000 warm-up (not counted) = 400,000 sent, all received once, ...". */
    private static void messages(StringBuilder s, MessageCounts m) {
        String sent = m.sent == m.expected ? String.format(Locale.ROOT, "%,d sent", m.sent)
                : String.format(Locale.ROOT, "%,d of %,d sent", m.sent, m.expected);
        line(s, "messages: %,d measured + %,d warm-up (not counted) = %s%s", m.measured, m.warmup, sent,
                RunWords.intact(m.lost, m.duplicated, m.outOfOrder, m.corrupted, m.gapOverflow));
    }

    /** "rate: 100,000 msg/s (target 100,000); the producer at worst 8.43 ms behind schedule". */
    private static void rate(StringBuilder s, SendRate r) {
        String achieved = RunWords.rate(r.achievedPerSecond);
        double off = r.targetPerSecond == 0 ? 0 : (r.achievedPerSecond - r.targetPerSecond) / r.targetPerSecond;
        String deviation = Math.abs(off) < 0.001 ? "" : ", " + Units.change(1 + off);
        line(s, "rate:     %s msg/s (target %,d%s); the producer at worst %s behind schedule", achieved,
                r.targetPerSecond, deviation, Units.ns(r.maxSendLagNs));
    }

    /** "VALID: ..." with the host's grade, "NOT VALID: the reasons", or "FAILED: why". */
    static String validity(RunResult r) {
        String host = r.hostCheck == null ? "" : "; the host: " + HostWords.headline(r.hostCheck);
        if (r.failure != null) {
            return fit("FAILED:   " + r.failure);
        }
        if (r.valid() && r.validity.gc.countsAsLatency() && !r.window.gcPauses.isEmpty()) {
            long[] all = r.window.pauseTotals();
            return fit("VALID:    rate held, nothing lost, GC counted as latency: " + RunWords.pauses(all[0], all[1],
                    all[2]) + host);
        }
        if (r.valid()) {
            return "VALID:    rate held, nothing lost, " + (r.window.gcCount > 0 ? "GC counted as latency"
                    : "no GC in the window") + host;
        }
        List<String> reasons = r.validity.invalidReasons.stream().map(RunWords::brief).collect(Collectors.toList());
        String all = "NOT VALID: " + String.join("; ", reasons);
        if (all.length() <= WIDTH || reasons.size() == 1) {
            return fit(all);
        }
        return fit("NOT VALID: " + reasons.get(0) + String.format(Locale.ROOT, "; + %d more in table.txt",
                reasons.size() - 1));
    }

    /**
     * "profile:  36 samples in the flights of 500 slow messages (beyond p99.9, 4.57 ms; 500 of them sampled), 9,831 in
     * the rest of the window: profile/slow.html, profile/typical.html"; or why there is none.
     */
    static String profile(Profile p) {
        if (!p.taken()) {
            return "profile:  none: " + p.problem;
        }
        return String.format(Locale.ROOT, "profile:  %,d samples in the flights of %,d slow messages (beyond %s, %s; "
                + "%,d of them sampled), %,d in the rest of the window: %s/%s%s, %s/%s%s; the sampling's own cost is "
                + "in this run's latencies", p.slowSamples,
                p.slowMessages, p.slowLimit, Units.ns(p.slowNs), p.slowMessagesSampled, p.typicalSamples, Profile.DIR,
                Profile.SLOW, Profile.HTML, Profile.DIR, Profile.TYPICAL, Profile.HTML);
    }

    /**
     * "counters: per message, producer 1,204 instructions (IPC 1.9), 2.1 cache misses, 0.4 branch misses; consumer
     * ..."; or why there are none.
     */
    static String counters(Profile p, long messages) {
        if (p.counters.isEmpty()) {
            return "counters: none: " + (p.countersProblem == null ? "not counted" : p.countersProblem);
        }
        List<String> each = new java.util.ArrayList<>();
        for (Profile.ThreadCounts c : p.counters) {
            each.add(String.format(Locale.ROOT, "%s %,.0f instructions (IPC %.2f), %,.1f cache misses, %,.1f branch "
                    + "misses", c.thread, (double) c.instructions / messages, (double) c.instructions / c.cycles,
                    (double) c.cacheMisses / messages, (double) c.branchMisses / messages));
        }
        return "counters: per message of the window, " + String.join("; ", each);
    }

    /** "tail:     beyond p99.9 (200 samples): producer-CPU stall 100%; kernel: not traced": the largest cause. */
    static String tail(Tail t) {
        if (t == null) {
            return "tail:     not attributed in this run (--no-attribution, or it did not finish)";
        }
        Tail.Beyond b = null;
        for (Tail.Beyond x : t.beyond) {
            if (b == null || x.percentile.compareTo(Percentile.P99_9) <= 0) {
                b = x;
            }
        }
        if (b == null) {
            return "tail:     no samples beyond p99";
        }
        // the shares are of the samples matched to the threads' records: said so where not every one was
        String head = b.matched == b.samples
                ? String.format(Locale.ROOT, "tail:     beyond %s (%,d samples): ", b.percentile.name(), b.samples)
                : String.format(Locale.ROOT, "tail:     beyond %s, %,d of %,d samples matched: ", b.percentile.name(),
                        b.matched, b.samples);
        if (b.matched == 0) {
            return head + "none matched to a cause";
        }
        Tail.Beyond at = b;
        Tail.Cause largest = Stream.of(Tail.Cause.values()).reduce(Tail.Cause.NONE,
                (x, c) -> at.count(c) > at.count(x) ? c : x);
        return fit(head + CauseWords.brief(largest) + " " + Units.share(b.count(largest) / (double) b.matched)
                + why(b));
    }

    /** "; kernel: not traced", "; why: preempted 80% (the host's)"; empty where the result names no why. */
    private static String why(Tail.Beyond b) {
        Why largest = Stream.of(Why.values()).filter(w -> b.count(w) > 0)
                .max(Comparator.comparingLong(w -> b.count(w))).orElse(null);
        if (largest == null) {
            return "";
        }
        if (largest == Why.NOT_TRACED) {
            return "; kernel: not traced";
        }
        return "; why: " + CauseWords.shortName(largest) + " " + Units.share(b.count(largest) / (double) b.matched)
                + " (" + CauseWords.words(largest.group) + ")";
    }

    /** The warnings that matter most, at most {@link #WARNINGS_SHOWN}, then how many more table.txt holds. */
    private static void warnings(StringBuilder s, RunResult r) {
        List<Warning> sorted = RunWords.byImportance(r.validity.warnings);
        int shown = Math.min(WARNINGS_SHOWN, sorted.size());
        for (int i = 0; i < shown; i++) {
            String more = i == shown - 1 && sorted.size() > shown
                    ? String.format(Locale.ROOT, " (+ %d more in table.txt)", sorted.size() - shown) : "";
            String words = RunWords.brief(sorted.get(i), r.messages.measured);
            int room = WIDTH - "WARNING:  ".length() - more.length();
            line(s, "WARNING:  %s%s", words.length() <= room ? words : words.substring(0, room - 3) + "...", more);
        }
    }

    /** A line cut to {@link #WIDTH}, "..." at its end, where words of unknown length (a failure) would overrun it. */
    public static String fit(String line) {
        return line.length() <= WIDTH ? line : line.substring(0, WIDTH - 3) + "...";
    }
}
