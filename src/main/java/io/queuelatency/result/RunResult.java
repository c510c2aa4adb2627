package io.queuelatency.result;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One study, as stored in result.json: its setup and what it measured, set by field once per run or read from a
 * file; validity is judged from these stored facts by {@link Validity} when they are all set ({@link #judged}), so a
 * report can judge a stored run again.
 */
public final class RunResult extends RunSetup {
    /** The result.json schema this build writes; docs/output.md says what each version adds. */
    public static final int SCHEMA_VERSION = 7;
    /** The oldest schema read: results of schemas 1 and 2 are refused, one line naming the version. */
    public static final int OLDEST_SCHEMA_READ = 3;

    public int schemaVersion = SCHEMA_VERSION;
    public String finishedAt;
    public MessageCounts messages;
    public SendRate rate;
    public WindowFacts window;
    public QueueFacts queue;
    /** Read through {@link #latency(Definition)}, which gives an empty one for a definition not recorded. */
    public final Map<Definition, Latency> latency = new EnumMap<>(Definition.class);
    /** --probes: each probed stage's distribution in the window (the hand-off is the in-queue latency); else empty. */
    public final Map<Stage, Latency> stages = new EnumMap<>(Stage.class);
    /** The bare hand-off between the same two CPUs, measured in this JVM after the study; null when skipped. */
    public Floor floor;
    /** Why the run failed (a thread died, the disk filled); null when it did not. */
    public String failure;
    public boolean stoppedEarly;
    /** Warnings from setting the run up: options, pinning, cleanup. The judged ones are in {@link #validity}. */
    public final List<Warning> setupWarnings = new ArrayList<>();
    public Validity.Tolerances tolerances = Validity.Tolerances.DEFAULT;
    /** Judged by {@link #judged}, never given. */
    public Validity validity;
    /** Null with attribution off. */
    public Tail tail;
    /** --profile: what the run's profile rests on; null without. */
    public Profile profile;

    /** This result, its validity judged from its facts: the last step of assembling or reading one. */
    public RunResult judged() {
        validity = Validity.judge(this);
        return this;
    }

    /** The measured window's distribution of one definition; an empty one when the run recorded none. */
    public Latency latency(Definition d) {
        Latency l = latency.get(d);
        return l != null ? l : new Latency(d, 0, 0, 0, 0, new LinkedHashMap<>());
    }

    /** The definitions this run measured, in their order: the handled latency where recorded. */
    public List<Definition> measured() {
        return Definition.of(!latency(Definition.HANDLED).isEmpty());
    }

    /** The latency.hlog tag of {@code d}'s window intervals; null where the files hold none. */
    public String hlogTag(Definition d) {
        return d.storedUnder(schemaVersion);
    }

    /** False for results of schema 3, which do not hold the article's definition. */
    public boolean measuredArticleActual() {
        return schemaVersion >= Definition.THREE_DEFINITIONS_SCHEMA;
    }

    public List<Warning> pinFailures() {
        return KindAndNumbers.ofKind(setupWarnings, Warning.Concern.PIN_FAILED);
    }

    /** The window's messages sent more than one interval late, in percent; 0 for an empty window. */
    public double latePercent() {
        return messages.measured == 0 ? 0 : 100.0 * rate.lateSends / messages.measured;
    }

    public boolean valid() {
        return validity.valid;
    }

    public RunStatus status() {
        return failure != null ? RunStatus.FAILED : validity.valid ? RunStatus.VALID : RunStatus.INVALID;
    }

    /** VALID, INVALID (finished but a rule broken), FAILED (did not finish: a thread died, the disk filled). */
    public enum RunStatus {
        VALID, INVALID, FAILED
    }

    public static final class QueueFacts {
        public final String implementation;
        public final String path;
        public final long peakFootprintBytes;
        public final int deletedCycles;
        /** What the pre-toucher did (--pretouch); null without one. */
        public final Pretouch pretouch;

        public QueueFacts(String implementation, String path, long peakFootprintBytes, int deletedCycles,
                Pretouch pretouch) {
            this.pretouch = pretouch;
            this.implementation = implementation;
            this.path = path;
            this.peakFootprintBytes = peakFootprintBytes;
            this.deletedCycles = deletedCycles;
        }
    }

    public static final class Floor {
        public long durationNs;
        public long overwritten;
        /** One System.nanoTime(), ns, mean over millions on the producer's CPU. */
        public double clockReadNs;
        /** One histogram record, ns, likewise. */
        public double histogramRecordNs;
        public Latency intended;
        public Latency actual;
        /** Why the floor could not be measured as planned (a CPU it could not pin to); null when it was. */
        public Warning warning;

        /** Null for the in-queue latency: the floor's hand-off opens no write. */
        public Latency latency(Definition d) {
            return d == Definition.INTENDED ? intended : d == Definition.ACTUAL ? actual : null;
        }

        public boolean measured() {
            return intended != null && actual != null && !intended.isEmpty() && !actual.isEmpty();
        }
    }
}
