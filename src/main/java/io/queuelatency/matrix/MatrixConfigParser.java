package io.queuelatency.matrix;

import io.queuelatency.result.Settings;
import io.queuelatency.result.SettingsBuilder;
import io.queuelatency.words.SettingsWords;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Reads jvm-matrix.yaml from SnakeYAML's node tree, so that every problem names the file, the line and
 * the key: bad YAML, an unknown key, a duplicate key or id, a value of the wrong type ({@link YamlValues}).
 */
public final class MatrixConfigParser {
    private static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9.-]*");
    private static final Set<String> TOP = new HashSet<>(Arrays.asList("settings", "variants", "jvms"));
    private static final Set<String> VARIANT = new HashSet<>(Arrays.asList("id", "jvmOptions", "studyOptions"));
    private static final Map<String, Setter> SETTERS = setters();
    static final Set<String> SETTINGS = java.util.Collections.unmodifiableSet(SETTERS.keySet());
    private static final Set<String> ENTRY = new HashSet<>(Arrays.asList(
            "id", "label", "home", "major", "distribution", "vendor", "jargraal", "warmup", "jvmOptions", "topology"));

    private final String file;
    private final YamlValues yaml;
    /** The settings mapping's keys and values, to name where a value the check refuses is written. */
    private Map<String, Node> settingsKeys = java.util.Collections.emptyMap();

    private MatrixConfigParser(String file) {
        this.file = file;
        this.yaml = new YamlValues(file);
    }

    /** The file, its settings under {@code overrides} (the command line's) built and checked once. */
    public static MatrixConfig parse(Path path, UnaryOperator<SettingsBuilder> overrides) {
        MatrixConfigParser parser = new MatrixConfigParser(path.toString());
        try (Reader reader = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            MatrixConfig config = parser.parse(reader, overrides);
            config.source = path.toAbsolutePath();
            return config;
        } catch (NoSuchFileException e) {
            throw new ConfigError(path + ": no such file");
        } catch (IOException e) {
            throw new ConfigError(path + ": cannot read: " + e.getMessage());
        }
    }

    public static MatrixConfig parse(String name, Reader reader) {
        return new MatrixConfigParser(name).parse(reader, UnaryOperator.identity());
    }

    private MatrixConfig parse(Reader reader, UnaryOperator<SettingsBuilder> overrides) {
        Node root;
        try {
            root = new Yaml(new LoaderOptions()).compose(reader);
        } catch (MarkedYAMLException e) {
            // Where the broken construct began (an unclosed bracket) says more than where the parser gave up.
            org.yaml.snakeyaml.error.Mark at = e.getContextMark() != null ? e.getContextMark() : e.getProblemMark();
            int line = at != null ? at.getLine() + 1 : 0;
            String context = e.getContext() != null ? e.getContext() + ": " : "";
            throw new ConfigError(file + ":" + line + ": not valid YAML: " + context + e.getProblem());
        } catch (YAMLException e) {
            throw new ConfigError(file + ": not valid YAML: " + e.getMessage());
        }
        if (root == null) {
            throw new ConfigError(file + ":1: the file is empty: it needs a 'jvms' list");
        }
        Map<String, Node> top = yaml.mapping(root, "(top level)", TOP);
        SettingsBuilder settings = top.containsKey("settings") ? readSettings(top.get("settings"))
                : Settings.builder();
        if (!top.containsKey("jvms")) {
            throw yaml.error(root, "jvms", "missing: list the JVMs to measure");
        }
        Node jvmsNode = top.get("jvms");
        if (!(jvmsNode instanceof SequenceNode)) {
            throw yaml.error(jvmsNode, "jvms", "expected a list of JVM entries");
        }
        List<MatrixConfig.Entry> entries = new ArrayList<>();
        Map<String, Node> ids = new HashMap<>();
        List<Node> items = ((SequenceNode) jvmsNode).getValue();
        for (int i = 0; i < items.size(); i++) {
            MatrixConfig.Entry entry = readEntry(items.get(i), "jvms[" + i + "]");
            unique(ids, entry.id, items.get(i), "jvms[" + i + "]");
            entries.add(entry);
        }
        if (entries.isEmpty()) {
            throw yaml.error(jvmsNode, "jvms", "the list is empty");
        }
        MatrixConfig config = new MatrixConfig(checked(settings, overrides, top.get("settings")), entries);
        if (top.containsKey("variants")) {
            config.variants.addAll(readVariants(top.get("variants")));
        }
        for (int i = 0; i < entries.size(); i++) {
            for (MatrixConfig.Variant v : config.variants) {
                String clash = studyOptionsClash(MatrixConfig.studyOptions(entries.get(i), v));
                if (clash != null) {
                    throw yaml.error(items.get(i), "jvms[" + entries.get(i).id + "].topology", "with variant " + v.id
                            + ": " + clash);
                }
            }
        }
        return config;
    }

    /**
     * The file's settings under the command line's, checked once: a refused value is named by its option alone where
     * the command line's values are refused by themselves, else by file, line and key ("m.yaml:3: settings.rate: ...").
     */
    private Settings checked(SettingsBuilder settings, UnaryOperator<SettingsBuilder> overrides, Node settingsNode) {
        try {
            return overrides.apply(settings).build();
        } catch (Settings.Invalid invalid) {
            if (settingsNode == null || refusesAlone(overrides, invalid)) {
                throw invalid;
            }
            String key = keyOf(invalid.problem.setting);
            Node at = settingsKeys.get(key);
            throw at != null ? yaml.error(at, "settings." + key, SettingsWords.text(invalid))
                    : yaml.error(settingsNode, "settings", SettingsWords.text(invalid));
        }
    }

    /** Whether the command line's values over the defaults are refused the same way: then they are at fault. */
    private static boolean refusesAlone(UnaryOperator<SettingsBuilder> overrides, Settings.Invalid invalid) {
        try {
            overrides.apply(Settings.builder()).build();
            return false;
        } catch (Settings.Invalid alone) {
            return alone.getMessage().equals(invalid.getMessage()); // the same problem: SettingProblem.toString
        }
    }

    /** The file's key of a setting: its name, a duration's without "Ns". */
    static String keyOf(String setting) {
        return setting.endsWith("Ns") ? setting.substring(0, setting.length() - 2) : setting;
    }

    /** variants: named option sets applied to every entry, e.g. {id: zgc, jvmOptions: [-XX:+UseZGC]}. */
    private List<MatrixConfig.Variant> readVariants(Node node) {
        if (!(node instanceof SequenceNode) || ((SequenceNode) node).getValue().isEmpty()) {
            throw yaml.error(node, "variants", "expected a list of variants, each an id and its jvmOptions");
        }
        List<MatrixConfig.Variant> variants = new ArrayList<>();
        Map<String, Node> ids = new HashMap<>();
        List<Node> items = ((SequenceNode) node).getValue();
        for (int i = 0; i < items.size(); i++) {
            String id = idOf(items.get(i));
            String where = id == null ? "variants[" + i + "]" : "variants[" + id + "]";
            Map<String, Node> m = yaml.mapping(items.get(i), where, VARIANT);
            MatrixConfig.Variant v = new MatrixConfig.Variant();
            v.id = checkedId(items.get(i), m, where, "every variant needs an id such as g1 or zgc");
            unique(ids, v.id, items.get(i), where);
            v.jvmOptions = optional(m, "jvmOptions", where, yaml::strings, v.jvmOptions);
            v.studyOptions = optional(m, "studyOptions", where, yaml::strings, v.studyOptions);
            for (String o : v.studyOptions) {
                if (!MatrixConfig.STUDY_OPTIONS.contains(o)) {
                    throw yaml.error(m.get("studyOptions"), where + ".studyOptions",
                            "'" + o + "' is not a study option a variant may set: "
                            + String.join(", ", MatrixConfig.STUDY_OPTIONS));
                }
            }
            String clash = studyOptionsClash(v.studyOptions);
            if (clash != null) {
                throw yaml.error(m.get("studyOptions"), where + ".studyOptions", clash);
            }
            variants.add(v);
        }
        return variants;
    }

    /** Why these study options cannot run together (two topologies; --pretouch between processes); null: they can. */
    static String studyOptionsClash(List<String> options) {
        List<String> topologies = options.stream().filter(o -> o.startsWith(MatrixConfig.TOPOLOGY))
                .collect(Collectors.toList());
        if (topologies.size() > 1) {
            return "one topology per cell: " + String.join(" and ", topologies) + " both given";
        }
        if (options.contains("--pretouch") && topologies.contains(MatrixConfig.TOPOLOGY + Settings.PROCESSES)) {
            return "--pretouch follows the producer's writes in the measured JVM: it cannot run with "
                    + MatrixConfig.TOPOLOGY + Settings.PROCESSES;
        }
        return null;
    }

    /** The file's settings over the defaults, by name: each key is its setting's name (a duration's without "Ns"). */
    private SettingsBuilder readSettings(Node node) {
        SettingsBuilder s = Settings.builder();
        settingsKeys = yaml.mapping(node, "settings", SETTINGS);
        settingsKeys.forEach((key, v) -> SETTERS.get(key).set(yaml, v, "settings." + key, s));
        return s;
    }

    /** One setting read from its node ({@code key} its path, for messages) into the builder. */
    private interface Setter {
        void set(YamlValues yaml, Node v, String key, SettingsBuilder s);
    }

    private static Map<String, Setter> setters() {
        Map<String, Setter> m = new HashMap<>();
        m.put("rate", (y, v, key, s) -> s.rate(y.positiveLong(v, key)));
        m.put("size", (y, v, key, s) -> s.size(Settings.sizeOf(y.positiveLong(v, key))));
        m.put("sizes", (y, v, key, s) -> s.sizes(y.positiveLongs(v, key).stream().map(Settings::sizeOf)
                .collect(Collectors.toList())));
        m.put("rates", (y, v, key, s) -> s.rates(y.positiveLongs(v, key)));
        m.put("warmup", (y, v, key, s) -> s.warmupNs(y.duration(v, key)));
        m.put("duration", (y, v, key, s) -> s.durationNs(y.duration(v, key)));
        m.put("runs", (y, v, key, s) -> s.runs(runs(y, v, key)));
        m.put("timeBudget", (y, v, key, s) -> s.timeBudgetNs(y.duration(v, key)));
        m.put("producerCpu", (y, v, key, s) -> s.producerCpu(y.cpu(v, key)));
        m.put("consumerCpu", (y, v, key, s) -> s.consumerCpu(y.cpu(v, key)));
        m.put("jvmOptions", (y, v, key, s) -> s.jvmOptions(y.strings(v, key)));
        m.put("floor", (y, v, key, s) -> s.floorNs(y.duration(v, key)));
        m.put("kernelTrace", (y, v, key, s) -> s.kernelTrace(y.string(v, key))); // checked with the other settings
        m.put("sla", MatrixConfigParser::sla); // a capacity search's budgets: [p99=1ms, p99.99=20us]
        m.put("maxRate", (y, v, key, s) -> s.maxRate(y.positiveLong(v, key)));
        m.put("cellGrace", (y, v, key, s) -> s.cellGraceNs(y.duration(v, key)));
        m.put("workload", (y, v, key, s) -> s.workload(y.string(v, key))); // found before anything runs
        m.put("workloadJar", (y, v, key, s) -> s.workloadJar(y.string(v, key)));
        m.put("probes", (y, v, key, s) -> s.probes(y.bool(v, key)));
        m.put("profile", (y, v, key, s) -> s.profile(y.string(v, key)));
        m.put("profileInterval", (y, v, key, s) -> s.profileIntervalNs(y.duration(v, key)));
        return m;
    }

    /** runs: a number, or auto (until decided: null). */
    private static Integer runs(YamlValues yaml, Node v, String key) {
        if (v instanceof ScalarNode && Settings.AUTO.equals(((ScalarNode) v).getValue())) {
            return null;
        }
        return (int) Math.min(Integer.MAX_VALUE, yaml.positiveLong(v, key));
    }

    private static void sla(YamlValues yaml, Node v, String key, SettingsBuilder s) {
        try {
            s.sla(io.queuelatency.result.Budget.parseAll(yaml.strings(v, key)));
        } catch (IllegalArgumentException problem) {
            throw yaml.error(v, key, problem.getMessage());
        }
    }

    private MatrixConfig.Entry readEntry(Node node, String where) {
        String id = idOf(node);
        Map<String, Node> m = yaml.mapping(node, id == null ? where : "jvms[" + id + "]", ENTRY);
        MatrixConfig.Entry e = new MatrixConfig.Entry();
        e.id = checkedId(node, m, where, "every entry needs a stable id such as openjdk-17");
        where = "jvms[" + e.id + "]";
        e.label = optional(m, "label", where, yaml::string, e.id);
        String home = optional(m, "home", where, yaml::string, null);
        e.home = home == null ? null : Paths.get(expandHome(home));
        e.major = optional(m, "major", where, (v, key) -> (int) yaml.positiveLong(v, key), 0);
        if (!m.containsKey("major") && e.home == null) {
            throw yaml.error(node, where + ".major",
                    "missing: give the Java version to find (8, 11, 17, ...) or a home");
        }
        String d = optional(m, "distribution", where, yaml::string, null);
        e.distribution = d == null ? e.distribution : MatrixConfig.Distribution.ofYaml(d);
        if (e.distribution == null) {
            throw yaml.error(m.get("distribution"), where + ".distribution",
                    "'" + d + "' is not one of openjdk, graalvm-ce, oracle-graalvm");
        }
        e.vendor = optional(m, "vendor", where, yaml::string, null);
        if (e.vendor != null && e.vendor.trim().isEmpty()) {
            throw yaml.error(m.get("vendor"), where + ".vendor",
                    "empty: name the build, e.g. temurin, debian, zulu, corretto");
        }
        e.jargraal = optional(m, "jargraal", where, yaml::string, null);
        if (e.jargraal != null && e.distribution != MatrixConfig.Distribution.GRAALVM_CE) {
            throw yaml.error(m.get("jargraal"), where + ".jargraal", "only for distribution: graalvm-ce");
        }
        e.warmupNs = optional(m, "warmup", where, yaml::duration, null);
        e.jvmOptions = optional(m, "jvmOptions", where, yaml::strings, e.jvmOptions);
        e.topology = optional(m, "topology", where, yaml::string, null);
        if (e.topology != null && !Settings.TOPOLOGIES.contains(e.topology)) {
            throw yaml.error(m.get("topology"), where + ".topology", "'" + e.topology + "' is not one of "
                    + String.join(", ", Settings.TOPOLOGIES));
        }
        return e;
    }

    /** {@code key}'s value in the mapping {@code m}, as {@code read} reads it; {@code otherwise} where it is absent. */
    private static <T> T optional(Map<String, Node> m, String key, String where, BiFunction<Node, String, T> read,
                                  T otherwise) {
        return m.containsKey(key) ? read.apply(m.get(key), where + "." + key) : otherwise;
    }

    /** The id of {@code item} (a mapping {@code m}); missing, it is refused with {@code missing}. */
    private String checkedId(Node item, Map<String, Node> m, String where, String missing) {
        if (!m.containsKey("id")) {
            throw yaml.error(item, where + ".id", "missing: " + missing);
        }
        String id = yaml.string(m.get("id"), where + ".id");
        if (!ID.matcher(id).matches()) {
            throw yaml.error(m.get("id"), where + ".id",
                    "'" + id + "' is not an id: lower-case letters, digits, '.' and '-'");
        }
        return id;
    }

    private void unique(Map<String, Node> ids, String id, Node item, String where) {
        Node first = ids.put(id, item);
        if (first != null) {
            throw yaml.error(item, where + ".id",
                    "duplicate id '" + id + "' (first at line " + (first.getStartMark().getLine() + 1) + ")");
        }
    }

    /** The entry's id when it has a usable one, to name the entry in messages. */
    private static String idOf(Node node) {
        if (node instanceof MappingNode) {
            for (NodeTuple t : ((MappingNode) node).getValue()) {
                if (t.getKeyNode() instanceof ScalarNode && "id".equals(((ScalarNode) t.getKeyNode()).getValue())
                        && t.getValueNode() instanceof ScalarNode
                        && ID.matcher(((ScalarNode) t.getValueNode()).getValue()).matches()) {
                    return ((ScalarNode) t.getValueNode()).getValue();
                }
            }
        }
        return null;
    }

    private static String expandHome(String path) {
        return path.startsWith("~/") ? System.getProperty("user.home") + path.substring(1) : path;
    }
}
