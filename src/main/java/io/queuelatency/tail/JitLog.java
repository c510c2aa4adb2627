package io.queuelatency.tail;

import io.queuelatency.result.Tail;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads jit.log, the JIT's unified log that {@link JvmEventLog} turns on: compilations, and methods made not entrant
 * (deoptimisations). Neither stops the measured threads by itself, so they are counted and named, not matched.
 */
public final class JitLog {
    public static final String FILE_NAME = "jit.log";
    static final int NAMED = 20;

    // [1234ns]  183 %     4       java.util.zip.ZipFile$Source::hashN @ 2 (26 bytes)   made not entrant
    private static final Pattern LINE = Pattern.compile("^\\[(\\d+)ns\\]\\s+\\d+\\s+[%sbn! ]*\\s*(\\d)\\s+(\\S+)(.*)$");

    static final String TOOL_PACKAGE = "io.queuelatency.";
    /** What is measured, not the tool's doing (their code goes as they end). */
    static final List<String> MEASURED_LOOPS = java.util.Arrays.asList("measure.Producer::", "measure.Consumer::",
            "measure.Pacer::", "measure.LatencyRecorder::", "measure.SlowMessages::", "measure.StallRecorder::",
            "measure.SequenceChecker::", "measure.MessageLayout::", "measure.ChronicleChannel");

    private JitLog() {
    }

    /** Whether {@code method} ("io.queuelatency.tail.Fold::match") is the tool's own. */
    static boolean isTools(String method) {
        return method.startsWith(TOOL_PACKAGE)
                && MEASURED_LOOPS.stream().noneMatch(loop -> method.startsWith(loop, TOOL_PACKAGE.length()));
    }

    /** Between {@code fromNs} and {@code toNs}, and of them those of this tool's methods. */
    public static Tail.Jit count(List<String> lines, long fromNs, long toNs) {
        long compiled = 0;
        long discarded = 0;
        long tool = 0;
        Set<String> names = new LinkedHashSet<>();
        Set<String> toolNames = new LinkedHashSet<>();
        for (String line : lines) {
            Matcher m = LINE.matcher(line);
            if (!m.matches()) {
                continue;
            }
            long at = Long.parseLong(m.group(1));
            if (at < fromNs || at > toNs) {
                continue;
            }
            String named = m.group(3) + " (tier " + m.group(2) + ")";
            if (isTools(m.group(3))) {
                tool++;
                if (toolNames.size() < NAMED) {
                    toolNames.add(named);
                }
            }
            if (m.group(4).contains("made not entrant")) {
                discarded++;
                if (names.size() < NAMED) {
                    names.add(named);
                }
            } else if (!m.group(4).contains("made zombie")) {
                compiled++;
            }
        }
        return new Tail.Jit(compiled, discarded, new ArrayList<>(names), tool, new ArrayList<>(toolNames));
    }
}
