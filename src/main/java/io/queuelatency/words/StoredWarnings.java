package io.queuelatency.words;

import io.queuelatency.result.CpuPair;
import io.queuelatency.result.Warning;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** A stored warning read back as its kind, only where that kind's words give the very same line (else stored). */
public final class StoredWarnings {
    static final String NOT_PINNED = " not pinned to CPU ";
    static final String NOT_REMOVED = "could not remove the queue directory ";
    /** A pair chosen apart: the CPUs, the relation's id, what its hand-off crosses. */
    static final String PAIR_APART = "auto chose CPUs %d (producer) and %d (consumer), which are %s: %s; "
            + "name the CPUs (--producer-cpu, --consumer-cpu) to measure on them without this warning";

    static final String STALLS_ELSEWHERE = "the producer ran in a second JVM (--topology processes): its own stalls "
            + "were not recorded, so the tail's causes rest on the consumer's stalls, the kernel's events and the "
            + "measured JVM's";

    /** Each kind's stored form and how its match gives the warning back (null: not this kind's words). */
    private static final Map<Pattern, Function<Matcher, Warning>> FORMS = new LinkedHashMap<>();

    static {
        form("(.+?)" + NOT_PINNED + "(\\d+): (.*)", m -> new Warning.PinFailed(m.group(1), number(m, 2), m.group(3)));
        form(NOT_REMOVED + "(.+)", m -> new Warning.QueueNotRemoved(m.group(1)));
        form("there is no /dev/shm: the queue lives in (.+), which may be a disk",
                m -> new Warning.NoDevShm(m.group(1)));
        form("the warm-up \\(([\\d,]+) messages\\) ends before the queue's first index array is full \\(([\\d,]+) "
                + "messages at (\\S+)\\): .*; a warm-up of (\\d+) s or more avoids it", m -> new Warning.ShortWarmup(
                count(m.group(1)), count(m.group(2)), m.group(3), Long.parseLong(m.group(4))));
        form("auto chose CPUs (\\d+) \\(producer\\) and (\\d+) \\(consumer\\), which are ([a-z0-9-]+): .*",
                m -> CpuPair.Relation.byId(m.group(3)) == null ? null : new Warning.CpuPairApart(number(m, 1),
                number(m, 2), CpuPair.Relation.byId(m.group(3))));
        form("(\\d+)-byte messages have no room for the ([a-z-]+) send time: .*",
                m -> DefinitionWords.byLabel(m.group(2)) == null ? null
                : new Warning.NoRoomForSendTime(number(m, 1), DefinitionWords.byLabel(m.group(2))));
        form(Pattern.quote(STALLS_ELSEWHERE), m -> new Warning.ProducerStallsElsewhere());
    }

    private StoredWarnings() {
    }

    public static List<Warning> read(List<String> lines) {
        return lines.stream().map(StoredWarnings::read).collect(Collectors.toList());
    }

    /** The warning whose words are {@code line}; a {@link Warning.StoredWarning} where no kind's words give it. */
    public static Warning read(String line) {
        Warning w;
        try {
            w = kindOf(line);
        } catch (NumberFormatException e) {
            w = null; // a number too long for ours: not our words
        }
        return w != null && RunWords.text(w).equals(line) ? w : new Warning.StoredWarning(line);
    }

    private static Warning kindOf(String line) {
        for (Map.Entry<Pattern, Function<Matcher, Warning>> f : FORMS.entrySet()) {
            Matcher m = f.getKey().matcher(line);
            if (m.matches()) {
                return f.getValue().apply(m);
            }
        }
        return null;
    }

    private static void form(String regex, Function<Matcher, Warning> warning) {
        FORMS.put(Pattern.compile("(?s)" + regex), warning);
    }

    private static int number(Matcher m, int group) {
        return Integer.parseInt(m.group(group));
    }

    /** "1,048,576", as written with a thousands separator. */
    private static long count(String digits) {
        return Long.parseLong(digits.replace(",", ""));
    }
}
