package io.queuelatency.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.queuelatency.exit.StoredFileException;
import io.queuelatency.files.Format;
import io.queuelatency.files.WholeFile;
import io.queuelatency.result.Percentile;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One stored JSON object being read, with where it is (file and field path), so that a missing or mistyped
 * field is one line naming the file and the field, never a stack trace. Also writes JSON files whole.
 */
public final class JsonNodes {
    static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private final Path file;
    private final String path;
    private final JsonNode node;

    private JsonNodes(Path file, String path, JsonNode node) {
        this.file = file;
        this.path = path;
        this.node = node;
    }

    public static String compact(JsonNode value) {
        return text(MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT), value);
    }

    public static String pretty(JsonNode value) {
        return text(MAPPER.writer(), value) + "\n";
    }

    private static String text(ObjectWriter writer, JsonNode value) {
        try {
            return writer.writeValueAsString(asData(value, false));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    public static final String NANOS_SUFFIX = "Ns";

    /** Nanosecond fields that are a mean cost of one operation, to a tenth (3.4 ns): kept as decimals. */
    static final Set<String> FRACTIONS_OF_A_NANOSECOND =
            new HashSet<>(Arrays.asList("clockReadNs", "histogramRecordNs"));

    /**
     * {@code n} with every number as a reader of data expects it (changed in place): nanoseconds (a field ending in
     * {@value #NANOS_SUFFIX}, and all within it) as integers, rounded; other fractions in plain decimals, never in
     * exponent form (Jackson writes 33,243,135.0 as {@code 3.3243135E7}); NaN and the infinities as null.
     */
    public static JsonNode asData(JsonNode n, boolean nanos) {
        if (n.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> fields = n.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> f = fields.next();
                boolean fraction = FRACTIONS_OF_A_NANOSECOND.contains(f.getKey());
                f.setValue(asData(f.getValue(), !fraction && (nanos || f.getKey().endsWith(NANOS_SUFFIX))));
            }
            return n;
        }
        if (n.isArray()) {
            ArrayNode a = (ArrayNode) n;
            for (int i = 0; i < a.size(); i++) {
                a.set(i, asData(a.get(i), nanos));
            }
            return n;
        }
        if (!n.isFloatingPointNumber() && !n.isBigDecimal()) {
            return n;
        }
        double v = n.asDouble();
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return NullNode.getInstance();
        }
        if (nanos) {
            return LongNode.valueOf(Math.round(v));
        }
        return DecimalNode.valueOf(BigDecimal.valueOf(v).stripTrailingZeros());
    }

    public static JsonNodes read(Path file) {
        JsonNode root;
        try {
            root = MAPPER.readTree(file.toFile());
        } catch (NoSuchFileException | java.io.FileNotFoundException e) {
            throw new StoredFileException(file, "missing");
        } catch (JsonProcessingException e) {
            throw new StoredFileException(file, "not valid JSON (" + e.getOriginalMessage() + " at line "
                    + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")");
        } catch (IOException e) {
            throw new StoredFileException(file, "cannot be read: " + e.getMessage());
        }
        if (root == null || !root.isObject()) {
            throw new StoredFileException(file, "empty or not a JSON object");
        }
        return new JsonNodes(file, "", root);
    }

    /** Under a temporary name, then renamed. */
    public static void write(Path file, JsonNode value) throws IOException {
        WholeFile.write(file, content(value));
    }

    public static WholeFile.Content content(JsonNode value) {
        JsonNode data = asData(value, false);
        return tmp -> MAPPER.writeValue(tmp.toFile(), data);
    }

    public static <T> Format<T> format(String fileName, Format.Maker<? super T, ? extends JsonNode> render) {
        return Format.of(fileName, report -> content(render.make(report)));
    }

    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    public static ArrayNode array() {
        return MAPPER.createArrayNode();
    }

    public static ArrayNode strings(List<String> values) {
        ArrayNode a = array();
        values.forEach(a::add);
        return a;
    }

    Path file() {
        return file;
    }

    JsonNode raw() {
        return node;
    }

    private String where(String name) {
        return path.isEmpty() ? name : path + "." + name;
    }

    StoredFileException problem(String name, String what) {
        return new StoredFileException(file, where(name) + ": " + what);
    }

    public boolean has(String name) {
        return node.hasNonNull(name);
    }

    private JsonNode required(String name) {
        JsonNode v = node.get(name);
        if (v == null || v.isNull()) {
            throw problem(name, "missing");
        }
        return v;
    }

    public JsonNodes child(String name) {
        JsonNode v = required(name);
        if (!v.isObject()) {
            throw problem(name, "not an object");
        }
        return new JsonNodes(file, where(name), v);
    }

    /** Null when absent or null. */
    public JsonNodes optChild(String name) {
        return has(name) ? child(name) : null;
    }

    public long lng(String name) {
        JsonNode v = required(name);
        if (!v.isIntegralNumber()) {
            throw problem(name, "not a whole number: " + v);
        }
        return v.asLong();
    }

    public long lng(String name, long absent) {
        return has(name) ? lng(name) : absent;
    }

    public int integer(String name) {
        long v = lng(name);
        if (v != (int) v) {
            throw problem(name, "out of range: " + v);
        }
        return (int) v;
    }

    public double dbl(String name) {
        JsonNode v = required(name);
        if (!v.isNumber()) {
            throw problem(name, "not a number: " + v);
        }
        return v.asDouble();
    }

    /** A percentile in any spelling our files have held ({@link Percentile#parse}), or the number 99.9. */
    public Percentile percentile(String name) {
        JsonNode v = required(name);
        try {
            if (v.isNumber()) {
                return Percentile.of(v.asDouble());
            }
            if (v.isTextual()) {
                return Percentile.parse(v.asText());
            }
        } catch (IllegalArgumentException e) {
            throw problem(name, e.getMessage());
        }
        throw problem(name, "not a percentile (p50, p99.9, worst): " + v);
    }

    public boolean bool(String name, boolean absent) {
        if (!has(name)) {
            return absent;
        }
        JsonNode v = node.get(name);
        if (!v.isBoolean()) {
            throw problem(name, "not true or false: " + v);
        }
        return v.asBoolean();
    }

    public String str(String name) {
        JsonNode v = required(name);
        if (!v.isTextual()) {
            throw problem(name, "not a string: " + v);
        }
        return v.asText();
    }

    /** Null when absent or null. */
    public String optStr(String name) {
        return has(name) ? str(name) : null;
    }

    public List<String> strings(String name) {
        return strings(name, false);
    }

    /** A list of strings where null stands for none; empty when absent. */
    public List<String> optStrings(String name) {
        return strings(name, true);
    }

    private List<String> strings(String name, boolean nulls) {
        List<String> out = new ArrayList<>();
        for (JsonNode e : list(name)) {
            if (!e.isTextual() && !(nulls && e.isNull())) {
                throw problem(name, nulls ? "not a list of strings or nulls" : "not a list of strings");
            }
            out.add(e.isNull() ? null : e.asText());
        }
        return out;
    }

    /** Empty when absent. */
    public long[] longs(String name) {
        JsonNode v = list(name);
        long[] out = new long[v.size()];
        for (int i = 0; i < out.length; i++) {
            if (!v.get(i).canConvertToLong() || !v.get(i).isIntegralNumber()) {
                throw problem(name + "[" + i + "]", "not a whole number: " + v.get(i));
            }
            out[i] = v.get(i).asLong();
        }
        return out;
    }

    /** The objects of a list, each with its place in the path; empty when absent. */
    public List<JsonNodes> objects(String name) {
        List<JsonNodes> out = new ArrayList<>();
        int i = 0;
        for (JsonNode e : list(name)) {
            if (!e.isObject()) {
                throw problem(name + "[" + i + "]", "not an object");
            }
            out.add(new JsonNodes(file, where(name) + "[" + i + "]", e));
            i++;
        }
        return out;
    }

    /** The list {@code name}; an empty one when absent. */
    private JsonNode list(String name) {
        if (!has(name)) {
            return MAPPER.createArrayNode();
        }
        JsonNode v = node.get(name);
        if (!v.isArray()) {
            throw problem(name, "not a list");
        }
        return v;
    }

    /** Bound by {@link Binding}: a required number absent, or a value of the wrong type, is one line. */
    public <T> T as(Class<T> type) {
        Class<?> mixIn = Binding.FIELDS.findMixInClassFor(type);
        Binding.NumbersRequired need = mixIn == null ? null : mixIn.getAnnotation(Binding.NumbersRequired.class);
        if (need != null) {
            for (BeanPropertyDefinition p : Binding.FIELDS.getDeserializationConfig()
                    .introspect(Binding.FIELDS.constructType(type)).findProperties()) {
                Class<?> t = p.getRawPrimaryType();
                if ((t == long.class || t == int.class || t == double.class) && p.couldDeserialize()
                        && !Arrays.asList(need.except()).contains(p.getName())) {
                    required(p.getName());
                }
            }
        }
        try {
            return Binding.FIELDS.treeToValue(node, type);
        } catch (JsonProcessingException e) {
            throw Binding.mistyped(this, (JsonMappingException) e);
        }
    }

    /** In stored order. */
    public List<String> names() {
        List<String> out = new ArrayList<>();
        node.fieldNames().forEachRemaining(out::add);
        return out;
    }

    /** "queue-latency/run/6" -> 6; a file without a schema is version 1; a newer one than this reads is refused. */
    public int schemaVersion(String kind, int newest) {
        return schemaVersion(kind, 1, newest);
    }

    /** The same, refusing a version older than {@code oldest} too: its reader is gone. */
    public int schemaVersion(String kind, int oldest, int newest) {
        String schema = optStr("schema");
        String prefix = "queue-latency/" + kind + "/";
        if (schema != null && !schema.startsWith(prefix)) {
            throw problem("schema", "\"" + schema + "\" is not a queue-latency " + kind + " file");
        }
        int version;
        try {
            version = schema == null ? 1 : Integer.parseInt(schema.substring(prefix.length()));
        } catch (NumberFormatException e) {
            throw problem("schema", "\"" + schema + "\" has no version number");
        }
        if (version < oldest || version > newest) {
            throw problem("schema", "version " + version + " is " + (version < oldest ? "older" : "newer")
                    + " than this release reads (" + oldest + " to " + newest + "): use "
                    + (version < oldest ? "an older" : "a newer") + " queue-latency");
        }
        return version;
    }

    public static String schema(String kind, int version) {
        return "queue-latency/" + kind + "/" + version;
    }
}
