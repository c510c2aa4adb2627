package io.queuelatency.result;

import java.util.ArrayList;
import java.util.List;

/** What check-host found: each finding with its severity and what to change, and the verdict. */
public final class HostVerdict {
    public static final String PUBLISHABLE = "publishable";
    public static final String INDICATIVE = "indicative only";

    public enum Severity { OK, INFO, WARN, BAD }

    /** "publishable" when nothing is BAD, else "indicative only". */
    public String verdict;
    public List<Finding> findings = new ArrayList<>();

    public static final class Finding {
        public Severity severity;
        public String check;
        public String found;
        /** What to change; empty when nothing needs to. */
        public String fix;

        public Finding() {
        }

        public Finding(Severity severity, String check, String found, String fix) {
            this.severity = severity;
            this.check = check;
            this.found = found;
            this.fix = fix;
        }
    }

    /** The verdict with the BAD findings' checks: "indicative only (isolation, pinned CPUs)". */
    public String headline() {
        List<String> bad = new ArrayList<>();
        for (Finding f : findings) {
            if (f.severity == Severity.BAD) {
                bad.add(f.check);
            }
        }
        return bad.isEmpty() ? verdict : verdict + " (" + String.join(", ", bad) + ")";
    }
}
