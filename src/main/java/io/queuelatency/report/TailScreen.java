package io.queuelatency.report;

import static io.queuelatency.report.RunScreen.line;

import io.queuelatency.result.Tail;
import io.queuelatency.result.TailEvidence;
import io.queuelatency.result.ThreadStalls;
import io.queuelatency.result.Why;
import io.queuelatency.text.Units;
import io.queuelatency.words.CauseWords;
import io.queuelatency.words.DefinitionWords;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/** table.txt's tail block: what overlapped the slow samples, each CPU's stalls, the JVM's events and the JIT. */
public final class TailScreen {
    private static final String HEAD = String.format(Locale.ROOT, "%-12s %12s %10s", "", "beyond", "matched");

    private TailScreen() {
    }

    /** The tail block: per percentile, what overlapped its slow samples ({@code toolCpu}: the tool's CPU, or -1). */
    public static String block(Tail t, int toolCpu) {
        StringBuilder s = new StringBuilder();
        if (hasWhy(t)) {
            why(s, t);
        }
        line(s, "%s", hasWhy(t) ? "whose:    the thread whose stall it was, for the same samples"
                : "tail:     what overlapped the samples beyond each percentile (" + DefinitionWords.HEADLINE + " "
                + "latency); a sample may have several causes");
        line(s, "%s", HEAD + Stream.of(Tail.Cause.values()).map(c -> String.format(Locale.ROOT, " %10s",
                CauseWords.shortName(c))).collect(Collectors.joining()));
        for (Tail.Beyond b : t.beyond) {
            line(s, "%s", head(b) + Stream.of(Tail.Cause.values()).map(c -> String.format(Locale.ROOT, " %10s",
                    share(b.count(c), b.matched))).collect(Collectors.joining()));
        }
        List<Tail.Beyond> split = t.beyond.stream().filter(b -> t.notJvm(b) >= 0 && b.matched > 0)
                .collect(Collectors.toList());
        if (!split.isEmpty()) {
            line(s, "  not the JVM's (a cause, and none of the JVM's: GC, safepoint%s; nor this tool's): %s",
                    hasWhy(t) ? ", its own threads" : "", joined(split.stream().map(b -> b.percentile.name() + " "
                    + share(t.notJvm(b) - Math.max(0, b.tool), b.matched)), ", "));
        }
        if (t.evidence != null && t.evidence.traced() && !split.isEmpty() && t.beyond.get(0).tool >= 0) {
            line(s, "  this tool's (its monitor, trace reader or profiler took a measured CPU): %s; %s",
                    joined(split.stream().map(b -> b.percentile.name() + " " + share(Math.max(0, b.tool), b.matched)),
                    ", "), CauseWords.toolCpu(toolCpu));
        }
        line(s, "  columns: %s", joined(Stream.of(Tail.Cause.values()).map(c -> CauseWords.shortName(c) + " = "
                + CauseWords.words(c)), "; "));
        if (!hasWhy(t)) {
            evidence(s, t); // what the run knew is said whether or not a slow message was matched
        }
        stalls(s, t);
        jvm(s, t);
        return s.toString();
    }

    private static boolean hasWhy(Tail t) {
        return t.beyond.stream().anyMatch(b -> !b.why.isEmpty());
    }

    private static String head(Tail.Beyond b) {
        return String.format(Locale.ROOT, "  %-10s %12s %10s", b.percentile.name(), TablesMarkdown.count(b.samples),
                TablesMarkdown.count(b.matched));
    }

    private static String joined(Stream<String> parts, String separator) {
        return parts.collect(Collectors.joining(separator));
    }

    /** Why, grouped by who could remove the cause; the columns with a sample. */
    private static void why(StringBuilder s, Tail t) {
        line(s, "tail:     why the samples beyond each percentile (" + DefinitionWords.HEADLINE + " latency) were "
                + "slow, grouped by who could remove the cause; a sample may have several");
        List<Why> shown = Stream.of(Why.values()).filter(w -> t.beyond.stream().anyMatch(b -> b.count(w) > 0))
                .collect(Collectors.toList());
        line(s, "%s", (String.format(Locale.ROOT, "%-36s", "") + cells(shown, " | %-9s", "%12.0s",
                w -> CauseWords.words(w.group))).replaceAll("\\s+$", ""));
        line(s, "%s", HEAD + cells(shown, " |%10s", "  %10s", CauseWords::shortName));
        for (Tail.Beyond b : t.beyond) {
            line(s, "%s", head(b) + cells(shown, " |%10s", "  %10s", w -> share(b.count(w), b.matched)));
        }
        line(s, "  columns: %s", joined(shown.stream().map(w -> CauseWords.shortName(w) + " = " + CauseWords.words(w)),
                "; "));
        evidence(s, t);
    }

    /** A cell per why shown, in {@code first}'s form where a group begins, else in {@code next}'s. */
    private static String cells(List<Why> shown, String first, String next, Function<Why, String> cell) {
        return IntStream.range(0, shown.size()).mapToObj(i -> String.format(Locale.ROOT, i == 0
                || shown.get(i).group != shown.get(i - 1).group ? first : next, cell.apply(shown.get(i))))
                .collect(Collectors.joining());
    }

    /** What the run knew (the kernel's events, or counters only) and who took the measured CPUs. */
    private static void evidence(StringBuilder s, Tail t) {
        TailEvidence e = t.evidence;
        if (e == null) {
            return;
        }
        line(s, "  evidence: %s: %s%s", e.level, e.detail,
                e.lostEvents > 0 ? String.format(Locale.ROOT, "; %,d events lost", e.lostEvents) : "");
        if (e.matchedWithoutJvmEvents > 0) {
            line(s, "  %,d slow messages were matched before the JVM's events were known (JDK 8 records them at the "
                    + "end): a safepoint is not seen for them", e.matchedWithoutJvmEvents);
        }
        if (!e.preemptors.isEmpty()) {
            line(s, "  took the CPU: %s%s", joined(e.preemptors.stream().limit(5).map(p -> p.command + (p.tool
                    ? " (this tool)" : p.jvm ? " (this JVM)" : "") + String.format(Locale.ROOT, " %,d stalls %s",
                    p.stalls, Units.exact(p.totalNs))), ", "),
                    e.preemptors.size() > 5 ? String.format(Locale.ROOT, " and %d more", e.preemptors.size() - 5) : "");
        }
        line(s, "  per second (/proc): producer %s; consumer %s", counters(e.producer), counters(e.consumer));
    }

    private static String counters(TailEvidence.ThreadCounters c) {
        return String.format(Locale.ROOT, "%s minor faults, %s switched out, %s interrupts on its CPU",
                perSecond(c.minorFaults), perSecond(c.involuntarySwitches), perSecond(c.interrupts));
    }

    /** "12 (max 40)": the median and the most of the per-second counts. */
    private static String perSecond(long[] v) {
        long[] known = java.util.Arrays.stream(v).filter(x -> x >= 0).sorted().toArray();
        return known.length == 0 ? "?"
                : String.format(Locale.ROOT, "%,d (max %,d)", known[known.length / 2], known[known.length - 1]);
    }

    private static String share(long n, long of) {
        return of == 0 ? "-" : String.format(Locale.ROOT, "%.0f%%", 100.0 * n / of);
    }

    private static void stalls(StringBuilder s, Tail t) {
        line(s, "stalls:   a gap above %s between two clock reads of a thread's own loop%s; producer: %,d stalls, %s "
                        + "in all, largest %s (%,d of them, %s, spanning a write); consumer: %,d stalls, %s in all, "
                        + "largest %s", threshold(t.producer, t.consumer),
                calibration(t.producer, t.consumer),
                t.producer.count, Units.exact(t.producer.totalNs), Units.exact(t.producer.maxNs), t.producer.writeCount,
                Units.exact(t.producer.writeNs),
                t.consumer.count, Units.exact(t.consumer.totalNs), Units.exact(t.consumer.maxNs));
        if (!t.producer.byLength.isEmpty() || !t.consumer.byLength.isEmpty()) {
            line(s, "          by length: producer %s; consumer %s",
                    steps(t.producer.byLength), steps(t.consumer.byLength));
        }
    }

    /** The JVM's safepoints and the JIT's work in the window, and what the rings could not keep. */
    private static void jvm(StringBuilder s, Tail t) {
        if (!t.jvmEventsRecorded) {
            line(s, "jvm:      safepoints %s", t.jvmEventSource);
        } else {
            String ops = joined(t.operations.stream().map(op -> op.name + " x" + op.count), ", ");
            long[] all = GcMarkdown.safepointPauses(t, true);
            line(s, "jvm:      %,d safepoints in the window, %s in all, largest %s%s", all[0], Units.exact(all[1]),
                    Units.exact(all[2]), ops.isEmpty() ? "" : " (" + ops + ")");
        }
        if (t.jit != null) {
            line(s, "jit:      %,d compilations and %,d deoptimisations (compiled code made not "
                    + "entrant) in the window%s%s", t.jit.compilations,
                    t.jit.deoptimizations, t.jit.tool < 0 ? "" : t.jit.tool == 0 ? ", none of this tool's code"
                            : String.format(Locale.ROOT, ", %,d of this tool's code (%s)", t.jit.tool,
                            String.join(", ", t.jit.toolMethods)),
                    t.jit.deoptimized.isEmpty() ? "" : ": " + String.join(", ", t.jit.deoptimized));
        }
        if (t.overwritten > 0) {
            line(s, "          %,d of the window's slow messages (at or above %s) were not matched (the ring lapped "
                    + "them, or their flights were too long to walk in the fold's time): 'matched' says what was",
                    t.overwritten, Units.exact(t.keptFloorNs));
        }
        if (!t.producer.complete || !t.consumer.complete) {
            line(s, "          the ring of stalls overwrote some of the window's: the stall counts are a lower bound");
        }
    }

    private static String threshold(ThreadStalls producer, ThreadStalls consumer) {
        return producer.thresholdNs == consumer.thresholdNs ? Units.exact(producer.thresholdNs)
                : Units.exact(producer.thresholdNs) + " (producer), " + Units.exact(consumer.thresholdNs)
                + " (consumer)";
    }

    /** How the threshold was set: from what a clock read cost on each measured CPU before the loops began. */
    private static String calibration(ThreadStalls producer, ThreadStalls consumer) {
        return producer.clockReadP99Ns < 0 || consumer.clockReadP99Ns < 0 ? "" : String.format(Locale.ROOT,
                " (set from a clock read's p99 on the thread's CPU: producer %s, consumer %s)",
                Units.exact(producer.clockReadP99Ns), Units.exact(consumer.clockReadP99Ns));
    }

    /** "5-10 us 1,234, 10-20 us 56": the window's stalls by length. */
    static String steps(List<ThreadStalls.LengthStep> byLength) {
        return byLength.isEmpty() ? "none" : joined(byLength.stream().map(step -> (step.toNs < 0 ? ">= "
                + length(step.fromNs) : range(step.fromNs, step.toNs)) + " " + TablesMarkdown.count(step.count)), ", ");
    }

    private static String range(long fromNs, long toNs) {
        String from = length(fromNs);
        String to = length(toNs);
        String unit = to.substring(to.indexOf(' '));
        return from.endsWith(unit) ? from.substring(0, from.length() - unit.length()) + "-" + to : from + "-" + to;
    }

    /** 1 us, 20 ms, 5 s: the steps' edges are whole. */
    private static String length(long ns) {
        return ns >= 1_000_000_000L ? ns / 1_000_000_000L + " s" : ns >= 1_000_000 ? ns / 1_000_000 + " ms"
                : ns / 1_000 + " us";
    }
}
