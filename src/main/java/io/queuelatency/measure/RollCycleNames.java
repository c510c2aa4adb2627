package io.queuelatency.measure;

import java.util.ArrayList;
import java.util.List;
import net.openhft.chronicle.queue.RollCycle;
import net.openhft.chronicle.queue.RollCycles;

/** Chronicle's roll cycles by name (MINUTELY, FIVE_MINUTELY, FAST_HOURLY, ..., TEST_SECONDLY). */
public final class RollCycleNames {
    private RollCycleNames() {
    }

    /** Null for an unknown name. */
    public static RollCycle byName(String name) {
        for (RollCycle cycle : RollCycles.all()) {
            if (cycle.toString().equalsIgnoreCase(name)) {
                return cycle;
            }
        }
        return null;
    }

    public static List<String> names() {
        List<String> names = new ArrayList<>();
        for (RollCycle cycle : RollCycles.all()) {
            names.add(cycle.toString());
        }
        return names;
    }
}
