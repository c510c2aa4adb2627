package io.queuelatency.matrix;

import io.queuelatency.text.Durations;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * The values of one YAML file's node tree, each read as the type a key wants; a value that is not is one line naming
 * the file, the line and the key ({@link ConfigError}).
 */
final class YamlValues {
    private final String file;

    YamlValues(String file) {
        this.file = file;
    }

    Map<String, Node> mapping(Node node, String where, Set<String> allowed) {
        if (!(node instanceof MappingNode)) {
            throw error(node, where, "expected a mapping of keys to values");
        }
        Map<String, Node> result = new java.util.LinkedHashMap<>();
        for (NodeTuple t : ((MappingNode) node).getValue()) {
            String key = t.getKeyNode() instanceof ScalarNode ? ((ScalarNode) t.getKeyNode()).getValue() : "?";
            String path = where.equals("(top level)") ? key : where + "." + key;
            if (!allowed.contains(key)) {
                throw error(t.getKeyNode(), path,
                        "unknown key; known here: " + String.join(", ", new java.util.TreeSet<>(allowed)));
            }
            if (result.put(key, t.getValueNode()) != null) {
                throw error(t.getKeyNode(), path, "duplicate key");
            }
        }
        return result;
    }

    String string(Node node, String key) {
        if (!(node instanceof ScalarNode) || ((ScalarNode) node).getValue().isEmpty()) {
            throw error(node, key, "expected a text value");
        }
        return ((ScalarNode) node).getValue();
    }

    boolean bool(Node node, String key) {
        String text = scalar(node, key, "true or false");
        if (!"true".equals(text) && !"false".equals(text)) {
            throw error(node, key, "expected true or false");
        }
        return "true".equals(text);
    }

    long positiveLong(Node node, String key) {
        String text = scalar(node, key, "a whole number");
        try {
            long v = Long.parseLong(text.replace("_", ""));
            if (v > 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw error(node, key, "expected a whole number above 0, got '" + text + "'");
    }

    List<Long> positiveLongs(Node node, String key) {
        if (!(node instanceof SequenceNode) || ((SequenceNode) node).getValue().isEmpty()) {
            throw error(node, key, "expected a list of whole numbers, e.g. [64, 256, 1024]");
        }
        List<Long> values = new ArrayList<>();
        for (Node item : ((SequenceNode) node).getValue()) {
            long v = positiveLong(item, key + "[]");
            if (values.contains(v)) {
                throw error(item, key + "[]", v + " is listed twice");
            }
            values.add(v);
        }
        return values;
    }

    Integer cpu(Node node, String key) {
        String text = scalar(node, key, "a CPU number");
        if (text.equals("auto") || text.equals("null") || text.equals("~")) {
            return null;
        }
        try {
            int cpu = Integer.parseInt(text);
            if (cpu >= 0) {
                return cpu;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw error(node, key, "expected a CPU number or auto, got '" + text + "'");
    }

    long duration(Node node, String key) {
        String text = scalar(node, key, "a duration");
        try {
            return Durations.parseNanos(text);
        } catch (IllegalArgumentException e) {
            throw error(node, key, e.getMessage());
        }
    }

    List<String> strings(Node node, String key) {
        if (!(node instanceof SequenceNode)) {
            throw error(node, key, "expected a list of strings");
        }
        List<String> values = new ArrayList<>();
        for (Node item : ((SequenceNode) node).getValue()) {
            values.add(string(item, key + "[]"));
        }
        return values;
    }

    private String scalar(Node node, String key, String what) {
        if (!(node instanceof ScalarNode)) {
            throw error(node, key, "expected " + what);
        }
        return ((ScalarNode) node).getValue();
    }

    ConfigError error(Node node, String key, String message) {
        return new ConfigError(file + ":" + (node.getStartMark().getLine() + 1) + ": " + key + ": " + message);
    }
}
