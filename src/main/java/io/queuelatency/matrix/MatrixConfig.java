package io.queuelatency.matrix;

import io.queuelatency.result.Settings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

/** jvm-matrix.yaml, parsed and checked: the settings for every cell, and the JVMs. */
public final class MatrixConfig {
    /** The settings every cell shares; the command line's overrides build new ones ({@link #with}). */
    public final Settings settings;
    public final List<Entry> jvms;

    public MatrixConfig(Settings settings, List<Entry> jvms) {
        this.settings = settings;
        this.jvms = Collections.unmodifiableList(new ArrayList<>(jvms));
    }

    public MatrixConfig with(Settings other) {
        return copy(other, jvms, variants);
    }

    /** The same matrix with only the entries whose ids are given. */
    public MatrixConfig only(List<String> ids) {
        return copy(settings, jvms.stream().filter(e -> ids.contains(e.id)).collect(Collectors.toList()), variants);
    }

    /** The same matrix with only the variants whose ids are given. */
    public MatrixConfig onlyVariants(List<String> ids) {
        return copy(settings, jvms, variants.stream().filter(v -> ids.contains(v.id)).collect(Collectors.toList()));
    }

    private MatrixConfig copy(Settings s, List<Entry> entries, List<Variant> kept) {
        MatrixConfig copy = new MatrixConfig(s, entries);
        copy.source = source;
        copy.variants.addAll(kept);
        return copy;
    }

    public static final class Entry {
        public String id;
        public String label;
        /** An explicit JDK home; otherwise found by major version and distribution. */
        public Path home;
        public int major;
        public Distribution distribution = Distribution.OPENJDK;
        /** For graalvm-ce: the GraalVM CE compiler from Maven Central to run on OpenJDK where none is installed. */
        public String jargraal;
        /**
         * The build, when two of one version can be had (Temurin and Debian's OpenJDK 25): matched, ignoring case,
         * against the JDK's java.vendor, java.vendor.version and java.runtime.version ("temurin" matches
         * "Eclipse Adoptium" / "Temurin-25.0.3+9"); null for any.
         */
        public String vendor;
        /** Extra warm-up for this JVM (GraalVM's compiler needs longer); null for the matrix's. */
        public Long warmupNs;
        public List<String> jvmOptions = new ArrayList<>();
        /** Settings.topology for this JVM's cells ("processes": the producer in a second JVM); null for threads. */
        public String topology;
    }

    /** A named option set applied to every entry: a dimension of the matrix (g1, zgc, parallel ...). */
    public static final class Variant {
        public String id;
        public List<String> jvmOptions = new ArrayList<>();
        /** The study's own options for this variant's cells: {@link #STUDY_OPTIONS} only (e.g. --pretouch). */
        public List<String> studyOptions = new ArrayList<>();
    }

    /** How a variant's study options, and an entry's topology in its cells' options, set the topology. */
    public static final String TOPOLOGY = "--topology=";

    /** The study options a variant may set: those that change how the queue is run, not what is measured. */
    public static final List<String> STUDY_OPTIONS =
            java.util.Collections.unmodifiableList(java.util.Arrays.asList("--pretouch",
            "--kernel-trace=on", "--kernel-trace=off", "--kernel-trace=auto", TOPOLOGY + Settings.THREADS,
            TOPOLOGY + Settings.PROCESSES));

    /** The study options of an entry's cells under variant {@code v} (null: none): the entry's topology, then its. */
    public static List<String> studyOptions(Entry e, Variant v) {
        List<String> options = new ArrayList<>();
        if (e.topology != null) {
            options.add(TOPOLOGY + e.topology);
        }
        if (v != null) {
            options.addAll(v.studyOptions);
        }
        return options;
    }

    /** Empty: one cell set per entry, with no variant. */
    public final List<Variant> variants = new ArrayList<>();

    public enum Distribution {
        OPENJDK("openjdk"), GRAALVM_CE("graalvm-ce"), ORACLE_GRAALVM("oracle-graalvm");

        public final String yamlName;

        Distribution(String yamlName) {
            this.yamlName = yamlName;
        }

        public static Distribution ofYaml(String name) {
            return java.util.Arrays.stream(values()).filter(d -> d.yamlName.equals(name)).findFirst().orElse(null);
        }
    }

    public Path source;
}
