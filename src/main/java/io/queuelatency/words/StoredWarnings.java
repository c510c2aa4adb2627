package io.queuelatency.words;

import io.queuelatency.result.CpuPair;
import io.queuelatency.result.Warning;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A setup warning as result.json stores it (its words, {@link RunWords#text(Warning)}) read back as its kind and
 * numbers. A line is read as a kind only when that kind's words give the very same line again, so reading never
 * changes what a report writes; a line no kind gives (another release's words) stays {@link Warning.StoredWarning}.
 */
public final class StoredWarnings {
    static final String NOT_PINNED = " not pinned to CPU ";
    static final String NOT_REMOVED = "could not remove the queue directory ";
    /** A pair chosen apart: the CPUs, the relation's id, what its hand-off crosses. */
    static final String PAIR_APART = "auto chose CPUs %d (producer) and %d (consumer), which are %s: %s; "
            + "name the CPUs (--producer-cpu, --consumer-cpu) to measure on them without this warning";

    private static final Pattern PIN = Pattern.compile("(?s)(.+?)" + NOT_PINNED + "(\\d+): (.*)");
    private static final Pattern NOT_REMOVED_FORM = Pattern.compile("(?s)" + NOT_REMOVED + "(.+)");
    private static final Pattern NO_DEV_SHM =
            Pattern.compile("(?s)there is no /dev/shm: the queue lives in (.+), which may be a disk");
    private static final Pattern SHORT_WARMUP = Pattern.compile("(?s)the warm-up \\(([\\d,]+) messages\\) ends before "
            + "the queue's first index array is full \\(([\\d,]+) messages at (\\S+)\\): .*; a warm-up of (\\d+) s or "
            + "more avoids it");
    private static final Pattern PAIR = Pattern.compile(
            "(?s)auto chose CPUs (\\d+) \\(producer\\) and (\\d+) \\(consumer\\), which are ([a-z0-9-]+): .*");
    private static final Pattern NO_ROOM =
            Pattern.compile("(?s)(\\d+)-byte messages have no room for the ([a-z-]+) send time: .*");

    private StoredWarnings() {
    }

    /** Each stored line read back, in order. */
    public static List<Warning> read(List<String> lines) {
        List<Warning> out = new ArrayList<>();
        for (String line : lines) {
            out.add(read(line));
        }
        return out;
    }

    /** The warning whose words are {@code line}; a {@link Warning.StoredWarning} where no kind's words give it. */
    public static Warning read(String line) {
        Warning w;
        try {
            w = kindOf(line);
        } catch (NumberFormatException e) {
            w = null; // a number too long for ours: not our words
        }
        return w != null && RunWords.text(w).equals(line) ? w : Warning.stored(line);
    }

    private static Warning kindOf(String line) {
        Matcher m = PIN.matcher(line);
        if (m.matches()) {
            return Warning.pinFailed(m.group(1), Integer.parseInt(m.group(2)), m.group(3));
        }
        m = NOT_REMOVED_FORM.matcher(line);
        if (m.matches()) {
            return Warning.queueNotRemoved(m.group(1));
        }
        m = NO_DEV_SHM.matcher(line);
        if (m.matches()) {
            return Warning.noDevShm(m.group(1));
        }
        m = SHORT_WARMUP.matcher(line);
        if (m.matches()) {
            return Warning.shortWarmup(count(m.group(1)), count(m.group(2)), m.group(3), Long.parseLong(m.group(4)));
        }
        m = PAIR.matcher(line);
        if (m.matches() && CpuPair.Relation.byId(m.group(3)) != null) {
            return Warning.cpuPairApart(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                    CpuPair.Relation.byId(m.group(3)));
        }
        m = NO_ROOM.matcher(line);
        if (m.matches() && DefinitionWords.byLabel(m.group(2)) != null) {
            return Warning.noRoomForSendTime(Integer.parseInt(m.group(1)), DefinitionWords.byLabel(m.group(2)));
        }
        return null;
    }

    /** "1,048,576", as written with a thousands separator. */
    private static long count(String digits) {
        return Long.parseLong(digits.replace(",", ""));
    }
}
