package io.queuelatency.profile;

import io.queuelatency.result.Profile;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The processor's counters of each measured thread over the window, as {@code perf stat -x, --per-thread} writes
 * them: one line a thread and event, {@code comm-tid,value,unit,event,running time,share,...}; a value of
 * {@code <not supported>} or {@code <not counted>} where the host has no such counter (a VM without a PMU: this
 * project's). Pure: from the file's text.
 */
public final class PerfStat {
    /** What is counted, in this order: perf's names. */
    public static final List<String> EVENTS = java.util.Collections.unmodifiableList(java.util.Arrays.asList(
            "instructions", "cycles", "cache-misses", "branch-misses"));

    private PerfStat() {
    }

    /**
     * Each thread's counts by event, for the threads named in {@code tids} (producer first); an
     * IllegalArgumentException says, in one line, what was missing or refused.
     */
    public static List<Profile.ThreadCounts> read(String text, int[] tids, String[] roles) {
        Map<Integer, Map<String, Long>> byTid = new LinkedHashMap<>();
        List<String> refused = new ArrayList<>();
        for (String line : text.split("\n")) {
            String[] f = line.split(",", -1);
            if (line.startsWith("#") || f.length < 4 || f[0].lastIndexOf('-') < 0) {
                continue;
            }
            int tid;
            try {
                tid = Integer.parseInt(f[0].substring(f[0].lastIndexOf('-') + 1));
            } catch (NumberFormatException e) {
                continue;
            }
            String event = f[3].replaceAll(":u$", "");
            if (f[1].startsWith("<")) {
                String why = event + " " + f[1];
                if (!refused.contains(why)) {
                    refused.add(why); // one a thread: said once
                }
                continue;
            }
            byTid.computeIfAbsent(tid, t -> new LinkedHashMap<>()).put(event, (long) Double.parseDouble(f[1]));
        }
        if (!refused.isEmpty()) {
            throw new IllegalArgumentException("not on this host (perf stat: " + String.join(", ", refused) + ")");
        }
        List<Profile.ThreadCounts> all = new ArrayList<>();
        for (int i = 0; i < tids.length; i++) {
            Map<String, Long> counts = byTid.get(tids[i]);
            if (counts == null || !counts.keySet().containsAll(EVENTS)) {
                throw new IllegalArgumentException("perf counted no " + EVENTS + " for the " + roles[i]
                        + " (thread " + tids[i] + ")");
            }
            all.add(new Profile.ThreadCounts(roles[i], counts.get("instructions"), counts.get("cycles"),
                    counts.get("cache-misses"), counts.get("branch-misses")));
        }
        return all;
    }
}
