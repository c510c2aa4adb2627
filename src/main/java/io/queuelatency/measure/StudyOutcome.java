package io.queuelatency.measure;

import io.queuelatency.result.Definition;
import io.queuelatency.result.MessageCounts;
import io.queuelatency.result.SendRate;
import io.queuelatency.result.Warning;
import io.queuelatency.result.WindowFacts;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What one study measured, for the result: counts, rate, the window's JVM facts, and the window's histogram of each
 * definition.
 */
public final class StudyOutcome {
    public final MessageCounts messages;
    public final SendRate rate;
    public final WindowFacts window;
    /** Why the run failed (a thread died, the disk filled, a thread would not stop); null when it did not. */
    public final String failure;
    /** Stopped from outside (SIGTERM, Ctrl-C) before every message was sent. */
    public final boolean stoppedEarly;
    /** Pins that did not take. */
    public final List<Warning> pinWarnings;
    /** The measured window's histogram of each definition (empty where the messages had no room for its send time). */
    public final Map<Definition, Histogram> histograms;
    /**
     * What the tail is made of, as the measured threads recorded it; null with attribution off or a thread that never
     * stopped.
     */
    public final TailRecords tail;
    /** How the run ended: COMPLETE, DRAINED (the rest never came), FAILED, STOPPED, STUCK (a thread given up on). */
    public final String ending;
    /** What the pre-toucher did (--pretouch); null without one. */
    public final io.queuelatency.result.Pretouch pretouch;

    /** The measured threads' own records for tail attribution. */
    public static final class TailRecords {
        /** The window's scheduled start, on the samples' clock. */
        public final long windowStartNs;
        /** The producer's send interval: a message sent later than this after its slot was sent late. */
        public final long intervalNs;
        /** Each thread's stalls and the slow messages. */
        public final TailRecorders recorders;
        /** The queue's rolls: when the producer's first write into each new cycle returned, on the samples' clock. */
        public final long[] cycleStartsNs;
        /** The queue's new blocks of a cycle's file: when the producer's first write into each returned. */
        public final long[] newBlocksNs;

        TailRecords(long windowStartNs, long intervalNs, TailRecorders recorders, long[] cycleStartsNs,
                    long[] newBlocksNs) {
            this.newBlocksNs = newBlocksNs.clone();
            this.cycleStartsNs = cycleStartsNs.clone();
            java.util.Arrays.sort(this.newBlocksNs); // in time order: the attribution searches them
            java.util.Arrays.sort(this.cycleStartsNs);
            this.windowStartNs = windowStartNs;
            this.intervalNs = intervalNs;
            this.recorders = recorders;
        }
    }

    private StudyOutcome(Builder b) {
        messages = b.messages;
        rate = b.rate;
        window = b.window;
        failure = b.failure;
        stoppedEarly = b.stoppedEarly;
        pinWarnings = Collections.unmodifiableList(b.pinWarnings);
        histograms = Collections.unmodifiableMap(new EnumMap<>(b.histograms));
        tail = b.tail;
        ending = b.ending.name();
        pretouch = b.pretouch;
    }

    static Builder builder() {
        return new Builder();
    }

    /** By name, from what the threads and the monitor hold once the loops have ended. */
    static final class Builder {
        private MessageCounts messages;
        private SendRate rate;
        private WindowFacts window;
        private String failure;
        private boolean stoppedEarly;
        private List<Warning> pinWarnings;
        private Map<Definition, Histogram> histograms;
        private TailRecords tail;
        private Monitor.Ending ending;
        private io.queuelatency.result.Pretouch pretouch;

        Builder messages(MessageCounts v) {
            messages = v;
            return this;
        }

        Builder rate(SendRate v) {
            rate = v;
            return this;
        }

        Builder window(WindowFacts v) {
            window = v;
            return this;
        }

        Builder failure(String v) {
            failure = v;
            return this;
        }

        Builder stoppedEarly(boolean v) {
            stoppedEarly = v;
            return this;
        }

        Builder pinWarnings(List<Warning> v) {
            pinWarnings = v;
            return this;
        }

        Builder histograms(Map<Definition, Histogram> v) {
            histograms = v;
            return this;
        }

        Builder tail(TailRecords v) {
            tail = v;
            return this;
        }

        Builder ending(Monitor.Ending v) {
            ending = v;
            return this;
        }

        Builder pretouch(io.queuelatency.result.Pretouch v) {
            pretouch = v;
            return this;
        }

        StudyOutcome build() {
            return new StudyOutcome(this);
        }
    }
}
