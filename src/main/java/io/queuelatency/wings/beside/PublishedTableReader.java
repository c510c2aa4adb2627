package io.queuelatency.wings.beside;

import io.queuelatency.exit.BadInputException;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Percentile;
import java.io.IOException;
import java.io.Reader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
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
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Reads a published table's YAML file from SnakeYAML's node tree, so that every problem is one line naming the file,
 * the line and the field.
 */
public final class PublishedTableReader {
    private static final Set<String> TOP = keys("source", "host", "jvm", "load", "definition", "unit", "values",
            "setup");
    static final Set<String> SOURCE = keys("url", "title", "date", "author", "quote");
    static final Set<String> HOST = keys("cpu", "cores", "threads", "os", "kernel", "isolation", "isolated",
            "cpus", "relation", "relationWhy", "governor", "turbo");
    static final Set<String> JVM = keys("said", "major");
    static final Set<String> LOAD = keys("size", "rate", "samples", "warmup");
    static final Set<String> DEFINITION = keys("said", "from", "to", "ours", "differs");
    static final Pattern WEB = Pattern.compile("https?://.*", Pattern.DOTALL);
    static final Pattern DATE = Pattern.compile("[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?");
    /** A number as a table prints it: 0.251, 218, 1,410 (grouped by commas), never an exponent or a sign. */
    private static final Pattern NUMBER = Pattern.compile("[0-9]+(\\.[0-9]+)?|[0-9]{1,3}(,[0-9]{3})+(\\.[0-9]+)?");
    private static final Pattern PERCENTILE = Pattern.compile("p[0-9]+(\\.[0-9]+)?|worst");

    private final Path file;

    private PublishedTableReader(Path file) {
        this.file = file;
    }

    private static Set<String> keys(String... names) {
        return new HashSet<>(Arrays.asList(names));
    }

    /** The table in {@code file}; anything wrong with it is one line (exit 2). */
    public static PublishedTable read(Path file) {
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(file, reader);
        } catch (NoSuchFileException e) {
            throw new BadInputException(file + ": no such file");
        } catch (IOException e) {
            throw new BadInputException(file + ": cannot be read: " + e.getMessage());
        }
    }

    public static PublishedTable read(Path file, Reader reader) {
        return new PublishedTableReader(file).table(compose(file, reader));
    }

    private static Node compose(Path file, Reader reader) {
        try {
            Node root = new Yaml(new LoaderOptions()).compose(reader);
            if (root == null) {
                throw new BadInputException(file + ":1: the file is empty: it needs source, host, jvm, load, "
                        + "definition, unit and values");
            }
            return root;
        } catch (MarkedYAMLException e) {
            org.yaml.snakeyaml.error.Mark at = e.getContextMark() != null ? e.getContextMark() : e.getProblemMark();
            String context = e.getContext() != null ? e.getContext() + ": " : "";
            throw new BadInputException(file + ":" + (at != null ? at.getLine() + 1 : 0) + ": not valid YAML: "
                    + context + e.getProblem());
        } catch (YAMLException e) {
            throw new BadInputException(file + ": not valid YAML: " + e.getMessage());
        }
    }

    private PublishedTable table(Node root) {
        return new PublishedTable(file, this, new Fields(root, root, "", TOP));
    }

    /** {@code definition.ours}, spelled as our tables spell it: intended, actual, in-queue (not the stored inQueue). */
    static Definition definition(String word) {
        return "in-queue".equals(word) ? Definition.IN_QUEUE
                : Definition.byId(word) == Definition.IN_QUEUE ? null : Definition.byId(word);
    }

    /** Each percentile in our one spelling, its value a number, none below the one before. */
    List<PublishedTable.PublishedValue> values(Fields top, PublishedTable.LatencyUnit unit) {
        Node node = top.required("values");
        if (!(node instanceof MappingNode) || ((MappingNode) node).getValue().isEmpty()) {
            throw error(node, "values", "expected a mapping of percentiles to values, e.g. p50: 0.251");
        }
        List<PublishedTable.PublishedValue> values = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (NodeTuple t : ((MappingNode) node).getValue()) {
            String key = scalar(t.getKeyNode(), "values", "a percentile");
            String where = "values." + key;
            Percentile p = percentile(t.getKeyNode(), where, key);
            if (!seen.add(key)) {
                throw error(t.getKeyNode(), where, "listed twice");
            }
            String given = scalar(t.getValueNode(), where, "a number");
            if (!NUMBER.matcher(given).matches()) {
                throw error(t.getValueNode(), where, "not a number: '" + given + "'");
            }
            PublishedTable.PublishedValue v = new PublishedTable.PublishedValue(p, given,
                    new BigDecimal(given.replace(",", "")), unit);
            PublishedTable.PublishedValue before = values.isEmpty() ? null : values.get(values.size() - 1);
            if (before != null && p.compareTo(before.percentile) <= 0) {
                throw error(t.getKeyNode(), where, "after " + before.percentile.name()
                        + ": list the percentiles from the lowest up");
            }
            if (before != null && v.number.compareTo(before.number) < 0) {
                throw error(t.getValueNode(), where, given + " is below " + before.percentile.name() + "'s "
                        + before.given + ": a higher percentile is never lower");
            }
            values.add(v);
        }
        return values;
    }

    private Percentile percentile(Node at, String where, String key) {
        if (PERCENTILE.matcher(key).matches()) {
            try {
                Percentile p = Percentile.parse(key);
                if (p.name().equals(key) && (p.isWorst() || p.value < 100)) {
                    return p;
                }
            } catch (IllegalArgumentException e) {
                // below
            }
        }
        throw error(at, where, "unknown percentile '" + key + "': spell it p50, p90, p99, p99.9, p99.99, p99.999 "
                + "(any p followed by a number above 0 and below 100, as p97 or p99.97) or worst");
    }

    List<String> setup(Fields top) {
        Node node = top.optional("setup");
        if (node == null) {
            return new ArrayList<>();
        }
        if (!(node instanceof SequenceNode)) {
            throw error(node, "setup", "expected a list of lines, each what the publication's harness did that "
                    + "ours does not");
        }
        return ((SequenceNode) node).getValue().stream().map(item -> text(item, "setup[]"))
                .collect(Collectors.toList());
    }

    private String scalar(Node node, String where, String what) {
        if (!(node instanceof ScalarNode)) {
            throw error(node, where, "expected " + what);
        }
        return ((ScalarNode) node).getValue().trim();
    }

    private String text(Node node, String where) {
        String s = scalar(node, where, "a text");
        if (s.isEmpty()) {
            throw error(node, where, "empty: say what the publication gives, or 'not stated'");
        }
        return s;
    }

    BadInputException error(Node node, String where, String problem) {
        return new BadInputException(file + ":" + (node.getStartMark().getLine() + 1) + ": " + where + ": " + problem);
    }

    /** One mapping's fields, each read as the type it wants, or one line naming it. */
    final class Fields {
        /** The mapping's key (the root for the top level): where a missing field is said to be. */
        private final Node at;
        private final String where;
        private final Map<String, Node> found = new LinkedHashMap<>();
        private final Map<String, Node> keys = new LinkedHashMap<>();

        /** The keys of {@code node}, a mapping, each known here ({@code allowed}), none twice. */
        Fields(Node node, Node at, String where, Set<String> allowed) {
            this.at = at;
            this.where = where;
            if (!(node instanceof MappingNode)) {
                throw error(node, where.isEmpty() ? "(top level)" : where, "expected a mapping of fields to values");
            }
            for (NodeTuple t : ((MappingNode) node).getValue()) {
                String key = t.getKeyNode() instanceof ScalarNode ? ((ScalarNode) t.getKeyNode()).getValue() : "?";
                if (!allowed.contains(key)) {
                    throw error(t.getKeyNode(), path(key), "unknown field; known here: "
                            + String.join(", ", new java.util.TreeSet<>(allowed)));
                }
                if (found.put(key, t.getValueNode()) != null) {
                    throw error(t.getKeyNode(), path(key), "listed twice");
                }
                keys.put(key, t.getKeyNode());
            }
        }

        Fields child(String key, Set<String> allowed) {
            return new Fields(required(key), keys.get(key), path(key), allowed);
        }

        private String path(String key) {
            return where.isEmpty() ? key : where + "." + key;
        }

        Node optional(String key) {
            Node n = found.get(key);
            return n instanceof ScalarNode && Tag.NULL.equals(n.getTag()) ? null : n; // "key:", "key: ~"
        }

        Node required(String key) {
            Node n = optional(key);
            if (n == null) {
                throw error(keys.containsKey(key) ? keys.get(key) : at, path(key), "missing");
            }
            return n;
        }

        String text(String key) {
            return PublishedTableReader.this.text(required(key), path(key));
        }

        String optText(String key) {
            return optional(key) == null ? null : text(key);
        }

        long count(String key) {
            String s = scalar(required(key), path(key), "a whole number");
            try {
                long v = Long.parseLong(s.replace("_", "").replace(",", ""));
                if (v > 0) {
                    return v;
                }
            } catch (NumberFormatException e) {
                // below
            }
            throw invalid(key, "not a whole number above 0: '" + s + "'");
        }

        Long optLong(String key) {
            return optional(key) == null ? null : count(key);
        }

        /** A whole number above 0 that is an int. */
        int intCount(String key) {
            long v = count(key);
            if (v > Integer.MAX_VALUE) {
                throw invalid(key, "out of range: " + v);
            }
            return (int) v;
        }

        Integer optCount(String key) {
            return optional(key) == null ? null : intCount(key);
        }

        Boolean optBoolean(String key) {
            if (optional(key) == null) {
                return null;
            }
            String s = scalar(required(key), path(key), "true or false");
            if (!"true".equals(s) && !"false".equals(s)) {
                throw invalid(key, "not true or false: '" + s + "'");
            }
            return Boolean.valueOf(s);
        }

        /** A text that {@code form} matches; else one line saying it is {@code not}. */
        String matching(String key, Pattern form, String not) {
            String s = text(key);
            if (!form.matcher(s).matches()) {
                throw invalid(key, not + ": '" + s + "'");
            }
            return s;
        }

        /** The thing {@code byWord} finds for the text; else one line naming the words it knows. */
        <T> T known(String key, Function<String, T> byWord, String what, String choices) {
            String word = text(key);
            T found = byWord.apply(word);
            if (found == null) {
                throw invalid(key, "unknown " + what + " '" + word + "': one of " + choices);
            }
            return found;
        }

        /** The problem with the value of {@code key}, which is there. */
        BadInputException invalid(String key, String problem) {
            return error(found.get(key), path(key), problem);
        }
    }
}
