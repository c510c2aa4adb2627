package io.queuelatency.wings.beside;

import io.queuelatency.result.CpuPair;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Percentile;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;

/**
 * A latency table someone published, as they published it: where (source), on what (host, JVM), under which load
 * (message size, rate), what they timed from where to where and which of our definitions that is, and each
 * percentile's value in their unit, the digits as they printed them. Read from its file by
 * {@link PublishedTableReader}; nothing here is measured by us.
 */
public final class PublishedTable {
    public static final class Citation {
        public final String url;
        public final String title;
        /** As precise as the publication: "2021", "2021-02", "2021-02-23". */
        public final String date;
        /** Null where not given. */
        public final String author;
        /** The table's lines exactly as published; null where not given. */
        public final String quote;

        Citation(String url, String title, String date, String author, String quote) {
            this.url = url;
            this.title = title;
            this.date = date;
            this.author = author;
            this.quote = quote;
        }
    }

    /** The publication's host; each optional fact null where it does not say. */
    public static final class Machine {
        public final String cpu;
        public final Integer cores;
        /** Logical CPUs (hardware threads). */
        public final Integer threads;
        public final String os;
        public final String kernel;
        /** What it says of isolated CPUs, in its words ("not stated" where it says nothing). */
        public final String isolation;
        /** Whether both measured CPUs were isolated; null where not stated. */
        public final Boolean isolated;
        /** Which CPUs the two threads ran on, in its words. */
        public final String cpus;
        /** The pair's relation: {@link CpuPair.Relation#UNKNOWN} where not stated. */
        public final CpuPair.Relation relation;
        /** Why that relation (or why unknown), where the file says. */
        public final String relationWhy;
        public final String governor;
        /** Turbo/boost as published ("on", "off", or its words); null where not stated. */
        public final String turbo;

        /** Read in the order the reader checks the fields. */
        Machine(PublishedTableReader.Fields host, CpuPair.Relation relation) {
            this.cpu = host.text("cpu");
            this.cores = host.optCount("cores");
            this.threads = host.optCount("threads");
            this.os = host.optText("os");
            this.kernel = host.optText("kernel");
            this.governor = host.optText("governor");
            this.turbo = host.optText("turbo");
            this.isolation = host.text("isolation");
            this.isolated = host.optBoolean("isolated");
            this.cpus = host.optText("cpus");
            this.relation = relation;
            this.relationWhy = host.optText("relationWhy");
        }
    }

    public static final class PublishedJvm {
        public final String said;
        /** Null where not stated. */
        public final Integer major;

        PublishedJvm(String said, Integer major) {
            this.said = said;
            this.major = major;
        }
    }

    /** The load: message size and rate; the messages timed and warmed up with, where known. */
    public static final class Load {
        /** Bytes per message as ours counts them: the payload, the queue's header apart. */
        public final int size;
        public final long rate;
        /** Null where not known. */
        public final Long samples;
        public final Long warmupMessages;

        Load(int size, long rate, Long samples, Long warmupMessages) {
            this.size = size;
            this.rate = rate;
            this.samples = samples;
            this.warmupMessages = warmupMessages;
        }
    }

    /** What the publication timed, from where to where, and which of our definitions that is. */
    public static final class Timing {
        /** The publication's own words; null where it gives none. */
        public final String said;
        public final String from;
        public final String to;
        public final Definition ours;
        /** How theirs differs from ours; null where it does not. */
        public final String differs;

        Timing(String said, String from, String to, Definition ours, String differs) {
            this.said = said;
            this.from = from;
            this.to = to;
            this.ours = ours;
            this.differs = differs;
        }
    }

    public enum LatencyUnit {
        NS("ns", 1), US("us", 1_000), MS("ms", 1_000_000), S("s", 1_000_000_000);

        /** The spelling in the file ("µs" is read as "us"). */
        public final String word;
        public final long nanos;

        LatencyUnit(String word, long nanos) {
            this.word = word;
            this.nanos = nanos;
        }

        /** The unit spelled {@code word} ("µs" too), or null. */
        public static LatencyUnit byWord(String word) {
            return java.util.stream.Stream.of(values()).filter(u -> u.word.equals(word) || u == US && "µs".equals(word))
                    .findFirst().orElse(null);
        }
    }

    /** One published percentile: its value exactly as printed ("0.650", "1,410") and as a number. */
    public static final class PublishedValue {
        public final Percentile percentile;
        public final String given;
        public final BigDecimal number;
        /** The value in nanoseconds, exactly. */
        public final BigDecimal nanos;

        PublishedValue(Percentile percentile, String given, BigDecimal number, LatencyUnit unit) {
            this.percentile = percentile;
            this.given = given;
            this.number = number;
            this.nanos = number.multiply(BigDecimal.valueOf(unit.nanos));
        }
    }

    public final Path file;
    public final Citation source;
    public final Machine host;
    public final PublishedJvm jvm;
    public final Load load;
    public final Timing definition;
    public final LatencyUnit unit;
    /** In the file's order, which is the percentiles' (the reader checks). */
    public final List<PublishedValue> values;
    /** What the publication's harness did that ours does not, or the reverse: one line each. */
    public final List<String> setup;

    PublishedTable(Path file, Citation source, Machine host, PublishedJvm jvm, Load load, Timed timed) {
        this.file = file;
        this.source = source;
        this.host = host;
        this.jvm = jvm;
        this.load = load;
        this.definition = timed.timing;
        this.unit = timed.unit;
        this.values = Collections.unmodifiableList(timed.values);
        this.setup = Collections.unmodifiableList(timed.setup);
    }

    /** The rest of the table (the constructor's parameters are at most six). */
    static final class Timed {
        final Timing timing;
        final LatencyUnit unit;
        final List<PublishedValue> values;
        final List<String> setup;

        Timed(Timing timing, LatencyUnit unit, List<PublishedValue> values, List<String> setup) {
            this.timing = timing;
            this.unit = unit;
            this.values = values;
            this.setup = setup;
        }
    }
}
