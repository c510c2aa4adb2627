package io.queuelatency;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.queuelatency.text.Units;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A number a document states about a committed file, cited rather than copied: a markdown link whose text is the
 * number and whose target is the file and an RFC 6901 JSON pointer to the value, for example
 * {@code [582 ns](../reports/example/summary.json#/jvms/id=openjdk-25/intended/percentile=p50/valueNs)}.
 * <ul>
 * <li>text {@code 582 ns}, {@code 83.8 µs}, {@code 3.71 ms}: the value is in nanoseconds, shown as every report
 * shows a latency ({@link Units#ns}, three significant digits);</li>
 * <li>text {@code 2.29%}: the value is a fraction (0.0229), or already a percentage where the pointer's last token
 * ends in {@code Percent}; rounded to the decimals the text shows;</li>
 * <li>text {@code 55}, {@code 1,000,000}, {@code 0.73}: a count or a ratio, rounded to the decimals shown;</li>
 * <li>one token {@code *} (an extension of RFC 6901) stands for every element of an array or member of an object;
 * the text is then the range over them, lowest-highest: {@code 1.06-3.40%}, {@code 76.2-88.8 µs},
 * {@code 143 µs - 2.93 ms}, or one value where all read alike;</li>
 * <li>a token {@code key=value} (another extension) in an array picks the one element whose field {@code key} is
 * the string or number {@code value}: {@code id=openjdk-25}, {@code percentile=p99.9}, {@code cell=floor/1} (written
 * {@code cell=floor~11}); none or several is an error. Pick an element by what it is, not by its index, so that a
 * re-measured example with its JVMs in another order still reads right. {@code *} may come before selectors:
 * {@code /jvms/*}{@code /intended/percentile=p99.99/valueNs}.</li>
 * </ul>
 * The pointer is percent-encoded in the link as RFC 6901 says for a URI fragment ({@code %20} for a space).
 */
final class DocCitation {
    /** A link to a .json file with a fragment that is a JSON pointer. */
    static final Pattern LINK = Pattern.compile("\\[([^\\]]+)\\]\\(([^)\\s#]+\\.json)#(/[^)\\s]*)\\)");
    private static final Pattern END = Pattern.compile("(-?[0-9][0-9,]*(?:\\.[0-9]+)?)( ?(?:ns|µs|ms|s)|%)?");
    private static final ObjectMapper JSON = new ObjectMapper();

    final String text;
    final String file;
    final String pointer;
    final int start;
    final int end;

    private DocCitation(Matcher m) {
        text = m.group(1);
        file = m.group(2);
        pointer = m.group(3);
        start = m.start(1);
        end = m.end(1);
    }

    static List<DocCitation> in(String document) {
        List<DocCitation> found = new ArrayList<>();
        Matcher m = LINK.matcher(document);
        while (m.find()) {
            found.add(new DocCitation(m));
        }
        return found;
    }

    /** The text this citation should read, given the document it is in; a one-line reason where it cannot be read. */
    String expected(Path document) throws IOException {
        Path target = document.toAbsolutePath().getParent().resolve(file).normalize();
        JsonNode root = JSON.readTree(target.toFile());
        List<Double> values = new ArrayList<>();
        List<String> tokens = tokens(decode(pointer));
        collect(root, tokens, 0, values);
        if (values.isEmpty()) {
            throw new IllegalArgumentException("no number at " + pointer + " in " + file);
        }
        double low = values.stream().mapToDouble(Double::doubleValue).min().getAsDouble();
        double high = values.stream().mapToDouble(Double::doubleValue).max().getAsDouble();
        boolean percent = tokens.get(tokens.size() - 1).endsWith("Percent");
        String[] ends = ends();
        if (!tokens.contains("*")) {
            return format(low, ends[0], percent);
        }
        String lo = format(low, ends[0], percent);
        String hi = format(high, ends[ends.length - 1], percent);
        if (lo.equals(hi)) {
            return lo;
        }
        String unit = unitOf(lo);
        if (unit.equals(unitOf(hi)) && !unit.isEmpty()) {
            return lo.substring(0, lo.length() - unit.length()).trim() + "-" + hi;
        }
        return unit.isEmpty() ? lo + "-" + hi : lo + " - " + hi;
    }

    /** The two ends of a range as the text writes them ("1.06-3.40%" gives "1.06%" and "3.40%"), or the one value. */
    private String[] ends() {
        Matcher m = END.matcher(text.replace(" - ", "-"));
        List<String> parts = new ArrayList<>();
        while (m.find()) {
            parts.add(m.group());
        }
        if (parts.isEmpty() || parts.size() > 2) {
            throw new IllegalArgumentException("\"" + text + "\" is not a number or a range of two");
        }
        String last = parts.get(parts.size() - 1);
        String unit = unitOf(last);
        if (parts.size() == 2 && unitOf(parts.get(0)).isEmpty() && !unit.isEmpty()) {
            parts.set(0, parts.get(0) + (unit.equals("%") ? "%" : " " + unit));
        }
        return parts.toArray(new String[0]);
    }

    private static String unitOf(String shown) {
        Matcher m = Pattern.compile("(ns|µs|ms|s|%)$").matcher(shown);
        return m.find() ? m.group(1) : "";
    }

    private static String format(double value, String shown, boolean alreadyPercent) {
        String unit = unitOf(shown);
        if (unit.equals("%")) {
            return rounded(alreadyPercent ? value : 100 * value, shown.substring(0, shown.length() - 1)) + "%";
        }
        if (!unit.isEmpty()) {
            return Units.ns(value);
        }
        return rounded(value, shown);
    }

    /** The value to the decimals {@code shown} has, grouped by thousands where it is. */
    private static String rounded(double value, String shown) {
        String digits = shown.trim();
        int decimals = digits.contains(".") ? digits.length() - digits.indexOf('.') - 1 : 0;
        BigDecimal v = new BigDecimal(Double.toString(value)).setScale(decimals, RoundingMode.HALF_UP);
        return digits.contains(",") || Math.abs(value) >= 10_000
                ? String.format(Locale.ROOT, "%,." + decimals + "f", v) : v.toPlainString();
    }

    /** The pointer's reference tokens, unescaped as RFC 6901 says ({@code ~1} is '/', {@code ~0} is '~'). */
    static List<String> tokens(String pointer) {
        if (!pointer.startsWith("/")) {
            throw new IllegalArgumentException(pointer + " is no JSON pointer (it starts with '/')");
        }
        List<String> tokens = new ArrayList<>();
        for (String t : pointer.substring(1).split("/", -1)) {
            tokens.add(t.replace("~1", "/").replace("~0", "~"));
        }
        return tokens;
    }

    private static void collect(JsonNode node, List<String> tokens, int at, List<Double> values) {
        if (at == tokens.size()) {
            if (!node.isNumber()) {
                throw new IllegalArgumentException("/" + String.join("/", tokens) + " is " + node);
            }
            values.add(node.asDouble());
            return;
        }
        String token = tokens.get(at);
        String here = "/" + String.join("/", tokens.subList(0, at + 1));
        if (token.equals("*")) {
            if (!node.isContainerNode() || node.size() == 0) {
                throw new IllegalArgumentException(here + " has no array or object to range over");
            }
            for (JsonNode each : node) {
                collect(each, tokens, at + 1, values);
            }
            return;
        }
        JsonNode next = node.isArray() && token.contains("=") ? select(node, token, here)
                : node.isArray() && token.matches("0|[1-9][0-9]{0,8}") ? node.path(Integer.parseInt(token))
                : node.isObject() ? node.path(token) : null;
        if (next == null || next.isMissingNode()) {
            throw new IllegalArgumentException(here + " is missing");
        }
        collect(next, tokens, at + 1, values);
    }

    /**
     * A selector token {@code key=value} (an extension of RFC 6901): the one element of the array whose field
     * {@code key} is the string or number {@code value}. A percentile {@code p50} also matches one stored as
     * {@code "50"}, the spelling of files written before "p50" (so a citation reads both the old and new files).
     */
    private static JsonNode select(JsonNode array, String token, String here) {
        int eq = token.indexOf('=');
        String key = token.substring(0, eq);
        String value = token.substring(eq + 1);
        JsonNode found = null;
        for (JsonNode each : array) {
            if (matches(each.get(key), value) || key.equals("percentile") && value.matches("p[0-9.]+")
                    && matches(each.get(key), value.substring(1))) {
                if (found != null) {
                    throw new IllegalArgumentException(here + " selects several elements");
                }
                found = each;
            }
        }
        if (found == null) {
            throw new IllegalArgumentException(here + " selects no element");
        }
        return found;
    }

    private static boolean matches(JsonNode field, String value) {
        if (field == null) {
            return false;
        }
        if (field.isTextual()) {
            return field.asText().equals(value);
        }
        if (field.isNumber() && value.matches("-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?")) {
            return field.decimalValue().compareTo(new BigDecimal(value)) == 0;
        }
        return false;
    }

    /** RFC 6901, section 6: a pointer in a URI fragment is percent-encoded (UTF-8). */
    static String decode(String fragment) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int i = 0; i < fragment.length(); i++) {
            char c = fragment.charAt(i);
            if (c == '%' && i + 2 < fragment.length()) {
                bytes.write(Integer.parseInt(fragment.substring(i + 1, i + 3), 16));
                i += 2;
            } else {
                byte[] b = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                bytes.write(b, 0, b.length);
            }
        }
        return new String(bytes.toByteArray(), StandardCharsets.UTF_8);
    }
}
