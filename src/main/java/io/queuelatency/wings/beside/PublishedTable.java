package io.queuelatency.wings.beside;

import io.queuelatency.result.CpuPair;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Percentile;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A latency table someone published, as they published it (docs/published.md has each field), the digits as they
 * printed them; read by {@link PublishedTableReader}.
 */
public final class PublishedTable {
    public static final class Citation {
        public final String url;
        public final String title;
        public final String date;
        public final String author;
        public final String quote;

        Citation(PublishedTableReader.Fields source) {
            this.url = source.matching("url", PublishedTableReader.WEB, "not a web address (http:// or https://)");
            this.date = source.matching("date", PublishedTableReader.DATE, "not a date (2021, 2021-02 or 2021-02-23)");
            this.title = source.text("title");
            this.author = source.optText("author");
            this.quote = source.optText("quote");
        }
    }

    /** The publication's host; each optional fact null where it does not say. */
    public static final class Machine {
        public final String cpu;
        public final Integer cores;
        public final Integer threads;
        public final String os;
        public final String kernel;
        public final String isolation;
        public final Boolean isolated;
        public final String cpus;
        /** The pair's relation: {@link CpuPair.Relation#UNKNOWN} where not stated. */
        public final CpuPair.Relation relation;
        public final String relationWhy;
        public final String governor;
        public final String turbo;

        Machine(PublishedTableReader.Fields host) {
            this.relation = host.optional("relation") == null ? CpuPair.Relation.UNKNOWN
                    : host.known("relation", CpuPair.Relation::byId, "relation", Stream.of(CpuPair.Relation.values())
                    .map(r -> r.id).collect(Collectors.joining(", ")));
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
            this.relationWhy = host.optText("relationWhy");
        }
    }

    public static final class PublishedJvm {
        public final String said;
        public final Integer major;

        PublishedJvm(PublishedTableReader.Fields jvm) {
            this.said = jvm.text("said");
            this.major = jvm.optCount("major");
        }
    }

    /** The load: message size and rate; the messages timed and warmed up with, where known. */
    public static final class Load {
        /** Bytes per message as ours counts them: the payload, the queue's header apart. */
        public final int size;
        public final long rate;
        public final Long samples;
        public final Long warmupMessages;

        Load(PublishedTableReader.Fields load) {
            this.size = load.intCount("size");
            this.rate = load.count("rate");
            this.samples = load.optLong("samples");
            this.warmupMessages = load.optLong("warmup");
        }
    }

    /** What the publication timed, from where to where, and which of our definitions that is. */
    public static final class Timing {
        public final String said;
        public final String from;
        public final String to;
        public final Definition ours;
        public final String differs;

        Timing(PublishedTableReader.Fields d) {
            this.ours = d.known("ours", PublishedTableReader::definition, "definition",
                    "intended, actual, in-queue (the one of ours the published latency is)");
            this.said = d.optText("said");
            this.from = d.text("from");
            this.to = d.text("to");
            this.differs = d.optText("differs");
        }
    }

    public enum LatencyUnit {
        NS("ns", 1), US("us", 1_000), MS("ms", 1_000_000), S("s", 1_000_000_000);

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
    public final List<PublishedValue> values;
    public final List<String> setup;

    /** Read part by part in the order the reader checks them, so that the first problem is the one said. */
    PublishedTable(Path file, PublishedTableReader reader, PublishedTableReader.Fields top) {
        this.file = file;
        this.source = new Citation(top.child("source", PublishedTableReader.SOURCE));
        this.unit = top.known("unit", LatencyUnit::byWord, "unit", "ns, us (or µs), ms, s");
        this.definition = new Timing(top.child("definition", PublishedTableReader.DEFINITION));
        this.values = Collections.unmodifiableList(reader.values(top, unit));
        this.setup = Collections.unmodifiableList(reader.setup(top));
        this.host = new Machine(top.child("host", PublishedTableReader.HOST));
        this.jvm = new PublishedJvm(top.child("jvm", PublishedTableReader.JVM));
        this.load = new Load(top.child("load", PublishedTableReader.LOAD));
    }
}
