package io.queuelatency.words;

import io.queuelatency.result.JvmFacts;
import io.queuelatency.result.JvmRelease;
import java.util.List;

/** A JVM's name and kind of release in words, as result.json, the run's screen and the summary print them. */
public final class JvmWords {
    /** Each build's words, in {@link JvmRelease.Build}'s order. */
    private static final String[] RELEASE = {"LTS", "feature release (not LTS)", "early access (not a release)"};

    private JvmWords() {
    }

    /** Who made it, its VM's name without "64-Bit Server VM", the Java version: "Debian OpenJDK 17.0.15". */
    public static String named(JvmFacts j) {
        String vm = j.vmName == null ? "" : j.vmName.replaceFirst(" 64-Bit( Server| Tiered)? VM$", "");
        return j.vendor + " " + vm + " " + j.javaVersion;
    }

    public static String release(JvmRelease.Build build) {
        return RELEASE[build.ordinal()];
    }

    /** HotSpot's compilers as the options leave them: "C2 (HotSpot)", "C1 only (...)"; the last option wins. */
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
