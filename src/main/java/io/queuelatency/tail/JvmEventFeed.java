package io.queuelatency.tail;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The JVM's stop-the-world events as the fold needs them: read from the unified-logging file as it grows, or, from a
 * flight recording (JDK 8), only at the end.
 */
final class JvmEventFeed {
    private final JvmEventLog log;
    private final SafepointLog.Reader reader = new SafepointLog.Reader();
    private final JvmSpans spans = new JvmSpans();
    private long offset;
    private byte[] partial = new byte[0];
    private List<JvmEvent> finalEvents;
    private int spanned; // the reader's changes the spans hold

    /** Tests' events, as if logged as they happened ({@code live}) or recorded for the end. */
    private final List<JvmEvent> given;
    private final boolean givenLive;

    /** {@code log} null: no events at all. */
    JvmEventFeed(JvmEventLog log) {
        this(log, null, false);
    }

    private JvmEventFeed(JvmEventLog log, List<JvmEvent> given, boolean givenLive) {
        this.log = log;
        this.given = given;
        this.givenLive = givenLive;
        if (given != null && givenLive) {
            spans.set(given);
        }
    }

    static JvmEventFeed of(List<JvmEvent> events, boolean live) {
        return new JvmEventFeed(null, events, live);
    }

    boolean live() {
        return given != null ? givenLive : log != null && log.live();
    }


    void refresh() {
        if (!live() || given != null) {
            return;
        }
        try (RandomAccessFile f = new RandomAccessFile(log.file().toFile(), "r")) {
            long length = f.length();
            if (length <= offset) {
                return;
            }
            byte[] all = Arrays.copyOf(partial, partial.length + (int) Math.min(length - offset, 1 << 24));
            f.seek(offset);
            f.readFully(all, partial.length, all.length - partial.length);
            offset += all.length - partial.length;
            int start = 0;
            for (int i = 0; i < all.length; i++) {
                if (all[i] == '\n') {
                    reader.line(new String(all, start, i - start, StandardCharsets.UTF_8));
                    start = i + 1;
                }
            }
            partial = Arrays.copyOfRange(all, start, all.length);
        } catch (IOException | RuntimeException e) {
            return; // not there yet, or gone: the next second tries again
        }
        if (reader.changes != spanned) { // an event added, or one completed by its later line (JDK 9 to 12)
            spanned = reader.changes;
            spans.set(reader.events);
        }
    }

    /** The end: every event there will be (a recording's, read now). */
    void finish() {
        if (given != null) {
            finalEvents = given;
        } else if (live()) {
            refresh();
            finalEvents = reader.events;
        } else {
            finalEvents = log == null ? Collections.<JvmEvent>emptyList() : log.events();
        }
        List<JvmEvent> theirs = log == null ? Collections.<JvmEvent>emptyList() : log.producersEvents();
        if (!theirs.isEmpty()) {
            // the producer's JVM's stops hold up the messages as this one's do: one list, in time order
            List<JvmEvent> both = new ArrayList<>(finalEvents);
            both.addAll(theirs);
            both.sort(java.util.Comparator.comparingLong(e -> e.startNs));
            finalEvents = both;
        }
        spans.set(finalEvents);
    }

    /** Recorded, but to come only at the end (a flight recording), and not come yet: messages are held back. */
    boolean awaited() {
        boolean recorded = given != null || log != null && log.notRecorded == null;
        return recorded && !live() && finalEvents == null;
    }

    JvmSpans spans() {
        return spans;
    }

    /** Every event, once {@link #finish} was called; those read so far before. */
    List<JvmEvent> events() {
        return finalEvents != null ? finalEvents : new ArrayList<>(reader.events);
    }
}
