package io.queuelatency.decide;

import io.queuelatency.result.Percentile;
import io.queuelatency.result.Tail;
import io.queuelatency.result.Why;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One JVM's tail at one percentile, pooled over its counted runs that recorded one. */
public final class TailShare {
    public final int runs;
    public final long samples;
    public final long matched;
    public final Map<Tail.Cause, Long> byCause;
    /**
     * Of matched, the samples only the host or the queue explains, none of the JVM's nor this tool's; -1 when a run
     * cannot tell ({@link Tail#notJvm}) or its result lacks it (one stored before the tool's share was counted apart:
     * the tool's taken out, a lower bound).
     */
    public final long notJvm;
    /** Of matched, the samples this tool's own threads explain (monitor, trace reader, profiler), none of the JVM's. */
    public final long tool;
    /** The CPU the runs' tool threads had ({@code config.toolCpu}); -1: none, they shared the measured CPUs. */
    public final int toolCpu;
    /** Why, the kernel's, the JVM's and the queue's causes; empty where no run named them. */
    public final Map<Why, Long> byWhy;
    /** Per command that took a measured CPU, the samples it explains, most first. */
    public final Map<String, Long> preemptedBy;
    /** The runs whose kernel's events were traced, of {@link #runs}. */
    public final int traced;

    private TailShare(Pool pool) {
        runs = pool.runs;
        samples = pool.samples;
        matched = pool.matched;
        notJvm = pool.notJvm;
        tool = pool.tool;
        toolCpu = pool.toolCpu;
        byCause = pool.byCause;
        byWhy = pool.byWhy;
        traced = pool.traced;
        preemptedBy = new LinkedHashMap<>();
        pool.preemptedBy.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()
                .thenComparing(Map.Entry.comparingByKey())).forEach(e -> preemptedBy.put(e.getKey(), e.getValue()));
    }

    /** The runs' samples beyond {@code p}, pooled; null when no run recorded its tail. */
    static TailShare pooled(List<Estimate.StoredRun> counted, Percentile p) {
        Pool pool = new Pool();
        for (Estimate.StoredRun run : counted) {
            Tail t = run.result.tail;
            Tail.Beyond b = t == null ? null : t.beyond(p);
            if (b != null) {
                pool.add(t, b, run.result.config == null ? -1 : run.result.config.toolCpu);
            }
        }
        return pool.runs == 0 ? null : new TailShare(pool);
    }

    private static final class Pool {
        int runs;
        long samples;
        long matched;
        long notJvm;
        long tool;
        int toolCpu = -1;
        final Map<Tail.Cause, Long> byCause = new EnumMap<>(Tail.Cause.class);
        final Map<Why, Long> byWhy = new EnumMap<>(Why.class);
        final Map<String, Long> preemptedBy = new HashMap<>();
        int traced;

        void add(Tail t, Tail.Beyond b, int runToolCpu) {
            runs++;
            samples += b.samples;
            matched += b.matched;
            long byTool = b.tool >= 0 ? b.tool : b.why.getOrDefault(Why.TOOL_THREAD, 0L);
            long runNotJvm = t.notJvm(b);
            notJvm = notJvm < 0 || runNotJvm < 0 ? -1 : notJvm + Math.max(0, runNotJvm - byTool);
            tool += Math.min(byTool, Math.max(0, runNotJvm));
            toolCpu = runs == 1 ? runToolCpu : toolCpu;
            for (Tail.Cause c : Tail.Cause.values()) {
                byCause.merge(c, b.count(c), Long::sum);
            }
            for (Map.Entry<Why, Long> w : b.why.entrySet()) {
                byWhy.merge(w.getKey(), w.getValue(), Long::sum);
            }
            for (Map.Entry<String, Long> e : b.preemptedBy.entrySet()) {
                preemptedBy.merge(e.getKey(), e.getValue(), Long::sum);
            }
            traced += t.evidence != null && t.evidence.traced() ? 1 : 0;
        }
    }

    public double share(Why w) {
        Long n = byWhy.get(w);
        return matched == 0 || n == null ? 0 : (double) n / matched;
    }

    /** The share of the matched samples only the host or the queue explains (not this tool); -1 when not known. */
    public double notJvmShare() {
        return notJvm < 0 || matched == 0 ? -1 : (double) notJvm / matched;
    }

    /** The share of the matched samples this tool's own threads explain (and none of the JVM's causes). */
    public double toolShare() {
        return matched == 0 ? 0 : (double) tool / matched;
    }

    public double share(Tail.Cause c) {
        Long n = byCause.get(c);
        return matched == 0 || n == null ? 0 : (double) n / matched;
    }
}
