package io.queuelatency.measure;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * The collectors' own account of each collection, from their beans' notifications
 * ({@code com.sun.management.GarbageCollectionNotificationInfo}): per collector, the collection's number (GcInfo's id:
 * the collector's count with it, so the window's are those between the two {@link WindowProbe}s' counts) and its
 * duration in ms, the JVM's resolution. The JVM's notification thread calls it, never a measured thread; a JVM
 * without these notifications keeps none, and the longest pause is then not told.
 */
final class GcNotes implements NotificationListener {
    /** Collections kept at most: a collector pausing 100 times a second for 15 minutes. */
    static final int KEPT = 100_000;
    /** How long the window's last notifications are waited for once it ended. */
    static final long WAIT_MS = 500;

    private final List<NotificationEmitter> emitters = new ArrayList<>();
    /** Per collector, its collections' numbers and durations, ms. */
    private final Map<String, TreeMap<Long, Long>> durations = new HashMap<>();
    private int kept;

    private GcNotes() {
    }

    /** Listening to every collector's bean that notifies; never throws. */
    static GcNotes listen() {
        GcNotes notes = new GcNotes();
        try {
            for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
                if (gc instanceof NotificationEmitter) {
                    ((NotificationEmitter) gc).addNotificationListener(notes, null, null);
                    notes.emitters.add((NotificationEmitter) gc);
                }
            }
        } catch (RuntimeException | LinkageError e) {
            notes.stop(); // no notifications: the longest pause is not told
        }
        return notes;
    }

    /** Notes for tests: {@code collector}'s collection {@code id} took {@code ms}. */
    synchronized void note(String collector, long id, long ms) {
        if (kept < KEPT) {
            durations.computeIfAbsent(collector, c -> new TreeMap<>()).put(id, ms);
            kept++;
            notifyAll();
        }
    }

    @Override
    public void handleNotification(Notification n, Object handback) {
        try {
            if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
                GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from(
                        (CompositeData) n.getUserData());
                note(info.getGcName(), info.getGcInfo().getId(), info.getGcInfo().getDuration());
            }
        } catch (RuntimeException | LinkageError e) {
            // a notification this JVM words otherwise is not counted
        }
    }

    void stop() {
        for (NotificationEmitter e : emitters) {
            try {
                e.removeNotificationListener(this);
            } catch (Exception | LinkageError x) {
                // already gone
            }
        }
        emitters.clear();
    }

    /**
     * The longest of {@code collector}'s collections after its {@code fromCount}th up to its {@code toCount}th, ms;
     * -1 where none of them was noted. Waits up to {@link #WAIT_MS} in all for the last one's notification, which the
     * JVM sends once the collection ended.
     */
    synchronized long longest(String collector, long fromCount, long toCount, long untilMs) {
        while (!has(collector, toCount) && System.currentTimeMillis() < untilMs) {
            try {
                wait(Math.max(1, untilMs - System.currentTimeMillis()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        TreeMap<Long, Long> of = durations.get(collector);
        if (of == null) {
            return -1;
        }
        long longest = -1;
        for (long ms : of.subMap(fromCount, false, toCount, true).values()) {
            longest = Math.max(longest, ms);
        }
        return longest;
    }

    private boolean has(String collector, long id) {
        TreeMap<Long, Long> of = durations.get(collector);
        return emitters.isEmpty() || of != null && of.containsKey(id);
    }
}
