package io.queuelatency.result;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One study, as stored in result.json. Immutable, built once per run from its {@link RunSetup}, the study's outcome
 * and the floor; validity is judged from these stored facts by {@link Validity}, so a report can judge a stored run
 * again.
 */
public final class RunResult {
    /** The result.json schema this build writes; docs/output.md says what each version adds. */
    public static final int SCHEMA_VERSION = 7;
    /** The oldest schema read: results of schemas 1 and 2 are refused, one line naming the version. */
    public static final int OLDEST_SCHEMA_READ = 3;

    public final int schemaVersion;
    public final String tool;
    public final String startedAt;
    public final String finishedAt;
    public final StudyConfig config;
    public final JvmFacts jvm;
    public final Host host;
    /** check-host for this run's CPUs; null when not checked. */
    public final HostFindings hostCheck;
    public final MessageCounts messages;
    public final SendRate rate;
    public final WindowFacts window;
    public final QueueFacts queue;
    private final Map<Definition, Latency> latency;
    /** --probes: each probed stage's distribution in the window (the hand-off is the in-queue latency); else empty. */
    public final Map<Stage, Latency> stages;
    /** The bare hand-off between the same two CPUs, measured in this JVM after the study; null when skipped. */
    public final Floor floor;
    /** Why the run failed (a thread died, the disk filled); null when it did not. */
    public final String failure;
    public final boolean stoppedEarly;
    /** Warnings from setting the run up: options, pinning, cleanup. The judged ones are in {@link #validity}. */
    public final List<Warning> setupWarnings;
    public final Validity.Tolerances tolerances;
    public final Validity validity;
    /** Null with attribution off. */
    public final Tail tail;
    /** --profile: what the run's profile rests on; null without. */
    public final Profile profile;
    private final RunSetup setup;

    private RunResult(Builder b) {
        setup = b.setup;
        this.tail = b.tail;
        this.profile = b.profile;
        this.schemaVersion = b.schemaVersion;
        this.tool = setup.tool;
        this.startedAt = setup.startedAt;
        this.finishedAt = b.finishedAt;
        this.config = setup.config;
        this.jvm = setup.jvm;
        this.host = setup.host;
        this.hostCheck = setup.hostCheck;
        this.messages = b.messages;
        this.rate = b.rate;
        this.window = b.window;
        this.queue = b.queue;
        Map<Definition, Latency> l = new EnumMap<>(Definition.class);
        l.putAll(b.latency);
        this.latency = Collections.unmodifiableMap(l);
        this.stages = Collections.unmodifiableMap(new EnumMap<>(b.stages));
        this.floor = b.floor;
        this.failure = b.failure;
        this.stoppedEarly = b.stoppedEarly;
        this.setupWarnings = Collections.unmodifiableList(new ArrayList<>(b.setupWarnings));
        this.tolerances = b.tolerances;
        this.validity = Validity.judge(messages, rate, WindowGc.of(config, window, messages), failure, stoppedEarly,
                tolerances)
                .afterSetup(setupWarnings);
    }

    /** Validity is judged, never given. */
    public static final class Builder {
        public int schemaVersion = SCHEMA_VERSION;
        public RunSetup setup;
        public String finishedAt;
        public MessageCounts messages;
        public SendRate rate;
        public WindowFacts window;
        public QueueFacts queue;
        public Map<Definition, Latency> latency = new EnumMap<>(Definition.class);
        public Map<Stage, Latency> stages = new EnumMap<>(Stage.class);
        public Floor floor;
        public String failure;
        public boolean stoppedEarly;
        public List<Warning> setupWarnings = new ArrayList<>();
        public Validity.Tolerances tolerances = Validity.Tolerances.DEFAULT;
        public Tail tail;
        public Profile profile;

        public RunResult build() {
            return new RunResult(this);
        }
    }

    /** The measured window's distribution of one definition; an empty one when the run recorded none. */
    public Latency latency(Definition d) {
        Latency l = latency.get(d);
        return l != null ? l : new Latency(d, 0, 0, 0, 0, new LinkedHashMap<>());
    }

    /** The definitions this run measured, in their order: the handled latency where recorded. */
    public java.util.List<Definition> measured() {
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

    public RunSetup setup() {
        return setup;
    }

    /** The window's messages sent more than one interval late, in percent; 0 for an empty window. */
    public double latePercent() {
        return messages.measured == 0 ? 0 : 100.0 * rate.lateSends / messages.measured;
    }

    public boolean valid() {
        return validity.valid;
    }

    public RunStatus status() {
        return RunStatus.of(failure, validity.valid);
    }

    /** VALID, INVALID (finished but a rule broken), FAILED (did not finish: a thread died, the disk filled). */
    public enum RunStatus {
        VALID, INVALID, FAILED;

        static RunStatus of(String failure, boolean valid) {
            return failure != null ? FAILED : valid ? VALID : INVALID;
        }
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
