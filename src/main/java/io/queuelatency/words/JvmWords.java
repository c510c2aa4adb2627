package io.queuelatency.words;

import io.queuelatency.result.JvmRelease;

/** A JVM's kind of release in words, as result.json, the run's screen and the summary print it. */
public final class JvmWords {
    private JvmWords() {
    }

    /** "LTS", "feature release (not LTS)", "early access (not a release)". */
    public static String release(JvmRelease.Build build) {
        switch (build) {
            case LTS:
                return "LTS";
            case FEATURE:
                return "feature release (not LTS)";
            default:
                return "early access (not a release)";
        }
    }
}
