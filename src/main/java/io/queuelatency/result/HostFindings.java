package io.queuelatency.result;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** What check-host found: each finding with its severity and what to change, and the grade they give. */
public final class HostFindings {
    public enum Severity { OK, INFO, WARN, BAD }

    public enum Grade { PUBLISHABLE, INDICATIVE }

    public static final class Finding {
        public final Severity severity;
        public final String check;
        public final String found;
        /** What to change; empty when nothing needs to. */
        public final String fix;

        public Finding(Severity severity, String check, String found, String fix) {
            this.severity = severity;
            this.check = check;
            this.found = found;
            this.fix = fix == null ? "" : fix;
        }
    }

    public final Grade grade;
    public final List<Finding> findings;

    /** Publishable when no finding is BAD. */
    public HostFindings(List<Finding> findings) {
        this.findings = Collections.unmodifiableList(new ArrayList<>(findings));
        this.grade = badChecks().isEmpty() ? Grade.PUBLISHABLE : Grade.INDICATIVE;
    }

    public boolean publishable() {
        return grade == Grade.PUBLISHABLE;
    }

    /** What makes the numbers indicative only. */
    public List<String> badChecks() {
        List<String> bad = new ArrayList<>();
        for (Finding f : findings) {
            if (f.severity == Severity.BAD) {
                bad.add(f.check);
            }
        }
        return bad;
    }
}
