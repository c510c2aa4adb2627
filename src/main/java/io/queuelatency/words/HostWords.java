package io.queuelatency.words;

import io.queuelatency.result.HostFindings;
import java.util.List;

/** check-host's verdict in words, as every file and report spells it, and the host's isolated CPUs. */
public final class HostWords {
    private HostWords() {
    }

    /** "publishable", "indicative only": the verdict in environment.json, result.json and summary.json. */
    public static String grade(HostFindings.Grade g) {
        return g == HostFindings.Grade.PUBLISHABLE ? "publishable" : "indicative only";
    }

    /** The isolated CPUs as every screen and report says them: "none" when there are none. */
    public static String isolated(String cpuList) {
        return cpuList == null || cpuList.isEmpty() ? "none" : cpuList;
    }

    /** The verdict with the BAD findings' checks: "indicative only (isolation, pinned CPUs)". */
    public static String headline(HostFindings v) {
        List<String> bad = v.badChecks();
        return bad.isEmpty() ? grade(v.grade) : grade(v.grade) + " (" + String.join(", ", bad) + ")";
    }
}
