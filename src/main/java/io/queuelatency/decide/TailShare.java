package io.queuelatency.decide;

import io.queuelatency.result.Percentile;
import io.queuelatency.result.Tail;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** One JVM's tail at one percentile, pooled over its counted runs that recorded one: the samples beyond and what explains them. */
public final class TailShare {
    public final int runs;
    public final long samples;
    public final long matched;
    public final Map<Tail.Cause, Long> byCause;
    /** Of matched, the samples that only the host or the queue explains; -1 when a run stored before it was counted. */
    public final long notJvm;

    private TailShare(int runs, long samples, long matched, long notJvm, Map<Tail.Cause, Long> byCause) {
        this.runs = runs;
        this.samples = samples;
        this.matched = matched;
        this.notJvm = notJvm;
        this.byCause = byCause;
    }

    /** The runs' samples beyond {@code p}, pooled; null when no run recorded its tail. */
    static TailShare pooled(List<Estimate.Run> counted, Percentile p) {
        int runs = 0;
        long samples = 0;
        long matched = 0;
        long notJvm = 0;
        Map<Tail.Cause, Long> byCause = new EnumMap<>(Tail.Cause.class);
        for (Estimate.Run run : counted) {
            Tail t = run.result.tail;
            Tail.Beyond b = t == null ? null : t.beyond(p);
            if (b == null) {
                continue;
            }
            runs++;
            samples += b.samples;
            matched += b.matched;
            notJvm = notJvm < 0 || b.notJvm < 0 ? -1 : notJvm + b.notJvm;
            for (Tail.Cause c : Tail.Cause.values()) {
                byCause.merge(c, b.count(c), Long::sum);
            }
        }
        return runs == 0 ? null : new TailShare(runs, samples, matched, notJvm, byCause);
    }

    /** The share of the matched samples only the host or the queue explains; -1 when not known. */
    public double notJvmShare() {
        return notJvm < 0 || matched == 0 ? -1 : (double) notJvm / matched;
    }

    public double share(Tail.Cause c) {
        Long n = byCause.get(c);
        return matched == 0 || n == null ? 0 : (double) n / matched;
    }
}
