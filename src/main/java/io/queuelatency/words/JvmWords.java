package io.queuelatency.words;

import io.queuelatency.result.JvmRelease;
import java.util.List;

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

    /**
     * HotSpot's compilers as a JVM's options leave them: "C2 (HotSpot)", or "C1 only (-XX:TieredStopAtLevel=1)" and
     * the interpreter only where an option stops them; the last such option wins, as in the JVM.
     */
    public static String hotspotCompiler(List<String> options) {
        String compiler = "C2 (HotSpot)";
        for (String o : options) {
            if (o.startsWith("-XX:TieredStopAtLevel=")) {
                compiler = o.endsWith("=4") ? "C2 (HotSpot)" : o.endsWith("=0") ? "the interpreter only (" + o + ")"
                        : "C1 only (" + o + ")";
            } else if (o.equals("-Xint")) {
                compiler = "the interpreter only (-Xint)";
            }
        }
        return compiler;
    }
}
