package io.queuelatency.report;

import io.queuelatency.result.Tail;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A run's JVM events as its timeline draws them: how long each stopped the threads. Results stored before the leaving
 * was kept apart hold the whole; the run's safepoints.log, by operation and total, gives the leaving again.
 */
final class KeptSafepoints {
    static final String FILE_NAME = "safepoints.log";
    private static final Pattern LINE = Pattern.compile(
            ".*Safepoint \"([^\"]+)\",.* Leaving safepoint: (\\d+) ns, Total: (\\d+) ns.*");

    private KeptSafepoints() {
    }

    /** The tail's events, each with its stop; empty without a tail. */
    static List<Tail.Event> events(Path runDir, Tail tail) {
        if (tail == null) {
            return Collections.emptyList();
        }
        Map<String, Long> leaving = leaving(runDir.resolve(FILE_NAME));
        return tail.events.stream().map(e -> {
            Long l = e.stoppedNs == e.lengthNs ? leaving.get(e.operation + " " + e.lengthNs) : null;
            return l == null || l < 0 ? e
                    : new Tail.Event(e.startAfterWindowStartNs, e.lengthNs, e.lengthNs - l, e.operation, e.gc);
        }).collect(Collectors.toList());
    }

    /** Per operation and total ("Cleanup 2352783"), the leaving logged; -1 where two lines share the key. */
    private static Map<String, Long> leaving(Path log) {
        Map<String, Long> by = new HashMap<>();
        if (!Files.isRegularFile(log)) {
            return by;
        }
        try {
            for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                Matcher m = LINE.matcher(line);
                if (m.matches()) {
                    long l = Long.parseLong(m.group(2));
                    by.merge(m.group(1) + " " + m.group(3), l, (a, b) -> a.equals(b) ? a : -1L);
                }
            }
        } catch (IOException | RuntimeException e) {
            return Collections.emptyMap(); // unreadable: the stored events as they are
        }
        return by;
    }
}
