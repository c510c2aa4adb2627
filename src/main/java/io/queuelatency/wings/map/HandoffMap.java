package io.queuelatency.wings.map;

import io.queuelatency.measure.HandoffFloor;
import io.queuelatency.measure.ThreadPinning;
import io.queuelatency.result.CpuTopology;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Latency;
import java.util.ArrayList;
import java.util.List;

/**
 * Measures a {@link MapPlan}: for each pair in turn, the JVM's other threads are moved off the two CPUs (where others
 * are allowed), then {@link HandoffFloor#measurePair}, the floor's own hand-off, runs between them; its one-way
 * latency (received - sent, the floor's "actual") is the pair's. One pair at a time: two pairs at once would share
 * the memory system and each other's interrupts.
 */
public final class HandoffMap {
    /** Told after each pair. */
    public interface PairDone {
        void measured(int done, int total, HostMap.Pair last);
    }

    private HandoffMap() {
    }

    /** Every pair of {@code plan}, in its order; {@code allowed}: where the JVM's other threads may go. */
    public static List<HostMap.Pair> measure(MapPlan plan, CpuTopology topology, List<Integer> allowed,
                                             PairDone progress) throws InterruptedException {
        List<HostMap.Pair> measured = new ArrayList<>();
        for (int i = 0; i < plan.pairs.size(); i++) {
            int[] p = plan.pairs.get(i);
            ThreadPinning.keepOthersOff(allowed, p[0], p[1]);
            HostMap.Plan times = plan.stored;
            HandoffFloor floor = HandoffFloor.measurePair(times.rate, i == 0 ? times.firstWarmupNs : times.pairWarmupNs,
                    times.pairNs, p[0], p[1]);
            HostMap.Pair pair = new HostMap.Pair(p, topology.relation(p[0], p[1]),
                    Latency.of(Definition.ACTUAL, floor.actual), floor.overwritten, floor.failure);
            measured.add(pair);
            progress.measured(i + 1, plan.pairs.size(), pair);
        }
        return measured;
    }
}
