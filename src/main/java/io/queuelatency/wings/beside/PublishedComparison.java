package io.queuelatency.wings.beside;

import io.queuelatency.decide.Comparer;
import io.queuelatency.decide.Estimate;
import io.queuelatency.exit.BadInputException;
import io.queuelatency.host.CpuList;
import io.queuelatency.result.CpuPair;
import io.queuelatency.result.Definition;
import io.queuelatency.result.RunResult;
import io.queuelatency.stats.OverRuns;
import java.nio.file.Path;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A published table beside ours: per published percentile, whether the published value lies inside, above or below
 * where one run of ours lands (a published table is one run: it is set beside the range of our runs, or one run's
 * interval, never beside our estimate of the median); then, fact by fact, whether the two hosts and setups are the
 * same, differ, or cannot be told apart. Our side is read as {@code compare} reads it ({@link Comparer#load}), one
 * {@link Ours} per JVM (and per size and rate of a sweep).
 */
public final class PublishedComparison {
    /** Where the published value lies; {@code CANNOT_TELL}: too few samples to bound ours (the reports' "n/a"). */
    public enum Placement { INSIDE, ABOVE, BELOW, CANNOT_TELL }

    public enum Match { SAME, DIFFERENT, UNKNOWN }

    /** The facts of a host and a setup that can move a latency table, in the order they are listed. */
    public enum Fact { CPU_MODEL, LOGICAL_CPUS, RELATION, ISOLATION, GOVERNOR, TURBO, SYSTEM, JVM, SIZE, RATE, SAMPLES,
        WARMUP, DEFINITION }

    /** From this percentile on (and the worst), one run's interval is weak evidence: runs differ most in the tail. */
    public static final double WEAK_FROM = 99;

    public static final class Placed {
        public final PublishedTable.PublishedValue published;
        public final double publishedNs;
        /** Our estimate as every report makes it (the median of the runs, its interval for that median). */
        public final Estimate ours;
        /** The median of our runs' values (the worst: of the runs' worsts). */
        public final double value;
        /**
         * Where one run of ours lands: the lowest and the highest of our runs; one run: its 95% interval of the
         * percentile from its samples (NaN for its worst, and where its samples do not bound it).
         */
        public final double low;
        public final double high;
        /**
         * The chance that {@code [low, high]} holds one more run's value: (n-1)/(n+1) over n runs; one run: the
         * within-run interval's 95%, which is not that chance; NaN where there is no interval.
         */
        public final double coverage;
        /** One run, at {@link #WEAK_FROM} or above or the worst: its interval ignores how runs differ. */
        public final boolean weak;
        public final Placement placement;
        public final double ratio;

        Placed(PublishedTable.PublishedValue published, Estimate ours) {
            this.published = published;
            this.publishedNs = published.nanos.doubleValue();
            this.ours = ours;
            boolean worst = ours.percentile.isWorst();
            if (ours.runs >= 2) {
                double[] x = ours.runValues.clone();
                java.util.Arrays.sort(x);
                this.value = Math.round(Estimate.median(x));
                this.low = x[0];
                this.high = x[x.length - 1];
                this.coverage = OverRuns.rangeCoversNextRun(x.length);
            } else {
                this.value = ours.value;
                this.low = worst ? ours.value : ours.low;
                this.high = worst ? ours.value : ours.high;
                this.coverage = worst ? Double.NaN : ours.confidence;
            }
            this.weak = ours.runs < 2 && (worst || ours.percentile.value >= WEAK_FROM);
            this.placement = ours.tooFewSamples || Double.isNaN(low) || Double.isNaN(high) ? Placement.CANNOT_TELL
                    : publishedNs < low ? Placement.BELOW : publishedNs > high ? Placement.ABOVE : Placement.INSIDE;
            this.ratio = publishedNs / value;
        }

        /** Whether {@link #low} and {@link #high} are a range (not the one run's worst, which has none). */
        public boolean hasRange() {
            return !(ours.runs < 2 && ours.percentile.isWorst()) && !Double.isNaN(low) && !Double.isNaN(high);
        }
    }

    public static final class Ours {
        /** "jdk17" for runs, the JVM's id in a matrix ("openjdk-17 @ 64 B at 100,000 msg/s" in a sweep). */
        public final String jvm;
        public final int runs;
        public final List<Placed> rows;
        public final OurSetup setup;
        public final Map<Fact, Match> facts;

        Ours(PublishedTable table, String jvm, List<Estimate.StoredRun> runs) {
            Definition d = table.definition.ours;
            Estimate.StoredRun first = runs.get(0);
            if (first.result.latency(d).count == 0) {
                throw new BadInputException(first.dir + " holds no " + (d == Definition.IN_QUEUE ? "in-queue" : d.id)
                        + " latency, which " + table.file + " maps its latency to (messages too small to carry its "
                        + "send time, or a result stored before schema 4)");
            }
            this.jvm = jvm;
            this.runs = runs.size();
            this.rows = Collections.unmodifiableList(table.values.stream()
                    .map(v -> new Placed(v, Estimate.of(runs, d, v.percentile))).collect(Collectors.toList()));
            this.setup = new OurSetup(first.result, rows.get(0).ours.samples);
            this.facts = Collections.unmodifiableMap(facts(table, setup));
        }

        public int count(Placement p) {
            return (int) rows.stream().filter(b -> b.placement == p).count();
        }
    }

    public final PublishedTable published;
    public final Path dir;
    public final Definition definition;
    public final List<Ours> sides;

    private PublishedComparison(PublishedTable published, Path dir, List<Ours> sides) {
        this.published = published;
        this.dir = dir;
        this.definition = published.definition.ours;
        this.sides = Collections.unmodifiableList(sides);
    }

    /** The table beside {@code dir}'s runs: only {@code jvm}'s (its id, or "jdk17" for runs), or all (null). */
    public static PublishedComparison of(PublishedTable table, Path dir, String jvm) {
        Comparer.Side side = Comparer.load(dir);
        List<Ours> sides = side.runs.entrySet().stream().filter(e -> jvm == null || e.getKey().equals(jvm)
                || e.getKey().startsWith(jvm + " @ ")).map(e -> new Ours(table, e.getKey(), e.getValue()))
                .collect(Collectors.toList());
        if (sides.isEmpty()) {
            throw new BadInputException(dir + " has no JVM '" + jvm + "'; it has " + String.join(", ",
                    side.runs.keySet()));
        }
        return new PublishedComparison(table, dir, sides);
    }

    /** Each fact judged; unknown where either side does not say. */
    static Map<Fact, Match> facts(PublishedTable t, OurSetup ours) {
        Map<Fact, Match> m = new EnumMap<>(Fact.class);
        PublishedTable.Machine h = t.host;
        io.queuelatency.result.Host host = ours.run.host;
        m.put(Fact.CPU_MODEL, host.cpuModel == null ? Match.UNKNOWN : sameModel(h.cpu, host.cpuModel));
        m.put(Fact.LOGICAL_CPUS, h.threads == null || host.onlineCpus <= 0 ? Match.UNKNOWN
                : of(h.threads == host.onlineCpus));
        CpuPair.Relation ourRelation = ours.pair == null ? CpuPair.Relation.UNKNOWN : ours.pair.relation;
        m.put(Fact.RELATION, h.relation == CpuPair.Relation.UNKNOWN || ourRelation == null
                || ourRelation == CpuPair.Relation.UNKNOWN ? Match.UNKNOWN : of(h.relation == ourRelation));
        Boolean isolated = ours.bothIsolated();
        m.put(Fact.ISOLATION, h.isolated == null || isolated == null ? Match.UNKNOWN : of(h.isolated == isolated));
        m.put(Fact.GOVERNOR, h.governor == null || ours.governor() == null ? Match.UNKNOWN
                : of(firstWord(h.governor).equalsIgnoreCase(firstWord(ours.governor()))));
        m.put(Fact.TURBO, onOff(h.turbo) == null || onOff(ours.turbo) == null ? Match.UNKNOWN
                : of(onOff(h.turbo).equals(onOff(ours.turbo))));
        m.put(Fact.SYSTEM, h.kernel == null || host.kernel == null ? Match.UNKNOWN
                : of(majorMinor(host.kernel).equals(majorMinor(h.kernel))));
        m.put(Fact.JVM, t.jvm.major == null ? Match.UNKNOWN : of(t.jvm.major == ours.run.jvm.majorVersion));
        m.put(Fact.SIZE, of(t.load.size == ours.run.config.settings.size));
        m.put(Fact.RATE, of(t.load.rate == ours.run.config.settings.rate));
        m.put(Fact.SAMPLES, t.load.samples == null ? Match.UNKNOWN : of(within(ours.samples, t.load.samples)));
        m.put(Fact.WARMUP, t.load.warmupMessages == null ? Match.UNKNOWN
                : of(within(ours.warmupMessages(), t.load.warmupMessages)));
        m.put(Fact.DEFINITION, of(t.definition.differs == null));
        return m;
    }

    private static Match of(boolean same) {
        return same ? Match.SAME : Match.DIFFERENT;
    }

    /** Within 1% of each other: a window of the same length at a rate held within the tolerance. */
    private static boolean within(long ours, long theirs) {
        return Math.abs(ours - theirs) <= 0.01 * theirs;
    }

    /** "on" or "off" from a side's words of turbo/boost (check-host's "turbo/boost on: ..." too); else null. */
    static String onOff(String said) {
        String w = said == null ? "" : said.trim().toLowerCase(Locale.ROOT).replaceFirst("^turbo/boost ", "");
        return w.startsWith("on") ? "on" : w.startsWith("off") ? "off" : null;
    }

    private static String firstWord(String s) {
        return s.trim().split("[\\s(]+", 2)[0];
    }

    private static final Pattern MAJOR_MINOR = Pattern.compile("[0-9]+\\.[0-9]+");

    private static String majorMinor(String kernel) {
        Matcher m = MAJOR_MINOR.matcher(kernel);
        return m.find() ? m.group() : kernel.trim();
    }

    /** A word of a CPU's name that names its model: "i7-10710U", "5950X", "6254" (three digits or more). */
    private static final Pattern MODEL = Pattern.compile("[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*");

    /** The same model where the names share a model number; else the same only where they read alike. */
    static Match sameModel(String published, String ours) {
        Set<String> a = modelNumbers(published);
        Set<String> b = modelNumbers(ours);
        if (a.isEmpty() || b.isEmpty()) {
            return of(normal(published).equals(normal(ours)));
        }
        a.retainAll(b);
        return of(!a.isEmpty());
    }

    private static Set<String> modelNumbers(String name) {
        Set<String> found = new LinkedHashSet<>();
        Matcher m = MODEL.matcher(name);
        while (m.find()) {
            String w = m.group();
            if (w.replaceAll("[^0-9]", "").length() >= 3 && !w.toLowerCase(Locale.ROOT).endsWith("hz")) {
                found.add(w.toLowerCase(Locale.ROOT));
            }
        }
        return found;
    }

    private static String normal(String name) {
        return name.toLowerCase(Locale.ROOT).replaceAll("\\((r|tm)\\)", "").replaceAll("\\s+", " ").trim();
    }

    /** What our side's first counted run stored of its host and setup. */
    public static final class OurSetup {
        public final RunResult run;
        /** Null where the result does not hold it. */
        public final CpuPair pair;
        /** check-host's boost finding as the run stored it ("off", "turbo/boost on: ..."); null where none. */
        public final String turbo;
        /** Samples in the window: the median over our runs. */
        public final long samples;

        OurSetup(RunResult r, long samples) {
            this.run = r;
            this.pair = r.host.cpuPair;
            this.turbo = finding(r, "boost");
            this.samples = samples;
        }

        String governor() {
            return run.host.platform == null ? null : run.host.platform.governor;
        }

        long warmupMessages() {
            return run.messages == null ? 0 : run.messages.warmup;
        }

        private static String finding(RunResult r, String check) {
            return r.hostCheck == null ? null : r.hostCheck.findings.stream().filter(f -> f.check.equals(check))
                    .findFirst().map(f -> f.found).orElse(null);
        }

        /** Whether both measured CPUs were isolated; null where unknown. */
        public Boolean bothIsolated() {
            Integer n = isolatedCount();
            return n == null ? null : n == 2;
        }

        /** How many of the two measured CPUs were isolated: from host.cpuPair, else the host's isolated CPUs. */
        public Integer isolatedCount() {
            if (pair != null) {
                return (pair.producerIsolated ? 1 : 0) + (pair.consumerIsolated ? 1 : 0);
            }
            if (run.host.isolatedCpuList == null) {
                return null;
            }
            try {
                List<Integer> cpus = CpuList.parse(run.host.isolatedCpuList);
                return (cpus.contains(run.config.pinnedProducerCpu) ? 1 : 0)
                        + (cpus.contains(run.config.pinnedConsumerCpu) ? 1 : 0);
            } catch (IllegalArgumentException e) {
                return null;
            }
        }
    }
}
