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

/** What one study measured, for the result: counts, rate, the window's JVM facts, and the window's histogram of each definition. */
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
    /** What the tail is made of, as the measured threads recorded it; null with attribution off or a thread that never stopped. */
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
        public final StallRecorder producerStalls;
        public final StallRecorder consumerStalls;
        public final SlowMessages slow;
        /** The queue's rolls: when the producer's first write into each new cycle returned, on the samples' clock. */
        public final long[] cycleStartsNs;
        /** The queue's new blocks of a cycle's file: when the producer's first write into each returned. */
        public final long[] newBlocksNs;

        public TailRecords(long windowStartNs, long intervalNs, StallRecorder producerStalls, StallRecorder consumerStalls, SlowMessages slow,
                    long[] cycleStartsNs, long[] newBlocksNs) {
            this.newBlocksNs = newBlocksNs.clone();
            this.cycleStartsNs = cycleStartsNs.clone();
            java.util.Arrays.sort(this.newBlocksNs); // in time order: the attribution searches them
            java.util.Arrays.sort(this.cycleStartsNs);
            this.windowStartNs = windowStartNs;
            this.intervalNs = intervalNs;
            this.producerStalls = producerStalls;
            this.consumerStalls = consumerStalls;
            this.slow = slow;
        }
    }

    StudyOutcome(MessageCounts messages, SendRate rate, WindowFacts window, String failure, boolean stoppedEarly,
                 List<Warning> pinWarnings, Map<Definition, Histogram> histograms, TailRecords tail,
                 Monitor.Ending ending) {
        this(messages, rate, window, failure, stoppedEarly, pinWarnings, histograms, tail, ending.name(), null);
    }

    private StudyOutcome(MessageCounts messages, SendRate rate, WindowFacts window, String failure, boolean stoppedEarly,
                         List<Warning> pinWarnings, Map<Definition, Histogram> histograms, TailRecords tail,
                         String ending, io.queuelatency.result.Pretouch pretouch) {
        this.pretouch = pretouch;
        this.ending = ending;
        this.tail = tail;
        this.messages = messages;
        this.rate = rate;
        this.window = window;
        this.failure = failure;
        this.stoppedEarly = stoppedEarly;
        this.pinWarnings = Collections.unmodifiableList(pinWarnings);
        this.histograms = Collections.unmodifiableMap(new EnumMap<>(histograms));
    }

    /** The same with what the pre-toucher did. */
    StudyOutcome withPretouch(io.queuelatency.result.Pretouch p) {
        return new StudyOutcome(messages, rate, window, failure, stoppedEarly, pinWarnings, histograms, tail, ending, p);
    }
}
