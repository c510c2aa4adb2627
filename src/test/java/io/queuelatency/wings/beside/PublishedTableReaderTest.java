package io.queuelatency.wings.beside;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.exit.BadInputException;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Percentile;
import java.io.StringReader;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** A published table's file: the shipped one read to its values; each kind of bad input one line naming the field. */
class PublishedTableReaderTest {
    private static final Path SHIPPED = Paths.get("published/chronicle-queue-i7-10710U.yaml");
    private static final Path NAME = Paths.get("t.yaml");

    /** The smallest whole table; each bad case below changes one line of it. */
    private static final String MINIMAL = String.join("\n",
            "source:",
            "  url: https://example.org/table",
            "  title: A table",
            "  date: 2024-05",
            "host:",
            "  cpu: AMD Ryzen 9 5950X",
            "  isolation: isolcpus=2-15",
            "jvm:",
            "  said: OpenJDK 21",
            "  major: 21",
            "load:",
            "  size: 256",
            "  rate: 100000",
            "definition:",
            "  from: the scheduled send time",
            "  to: the consumer's read",
            "  ours: intended",
            "unit: ns",
            "values:",
            "  p50: 580",
            "  p99.9: 1,410",
            "  worst: 23000",
            "");

    private static PublishedTable read(String yaml) {
        return PublishedTableReader.read(NAME, new StringReader(yaml));
    }

    @Test
    void theShippedChronicleTableReadsToItsPublishedValues() {
        PublishedTable t = PublishedTableReader.read(SHIPPED);
        assertEquals("https://github.com/OpenHFT/Chronicle-Queue/blob/a22dfb3a31495297cbf066d75377c422019e822f/"
                + "benchmarks/README.adoc", t.source.url);
        assertEquals("2021-02-23", t.source.date);
        assertTrue(t.source.quote.contains("was 0.251 / 0.273  0.293 / 0.385  0.650 / 0.962  1.93 / 20.4  22.6 / 36.5"
                + " - 218\n"), t.source.quote);
        assertEquals("i7-10710U CPU @ 1.10GHz", t.host.cpu);
        assertEquals(Integer.valueOf(12), t.host.threads);
        assertNull(t.host.isolated);
        assertNull(t.host.kernel);
        assertEquals(io.queuelatency.result.CpuPair.Relation.UNKNOWN, t.host.relation);
        assertEquals("performance", t.host.governor);
        assertNull(t.jvm.major);
        assertEquals(60, t.load.size);
        assertEquals(100_000, t.load.rate);
        assertEquals(Long.valueOf(3_000_000), t.load.samples);
        assertEquals(Long.valueOf(500_000), t.load.warmupMessages);
        assertEquals(Definition.ACTUAL, t.definition.ours);
        assertEquals(PublishedTable.LatencyUnit.US, t.unit);
        List<String> percentiles = new ArrayList<>();
        List<String> given = new ArrayList<>();
        List<BigDecimal> nanos = new ArrayList<>();
        for (PublishedTable.PublishedValue v : t.values) {
            percentiles.add(v.percentile.name());
            given.add(v.given);
            nanos.add(v.nanos.stripTrailingZeros());
        }
        assertEquals(Arrays.asList("p50", "p90", "p97", "p99", "p99.7", "p99.9", "p99.97", "p99.99", "p99.997",
                "p99.999", "worst"), percentiles);
        assertEquals(Arrays.asList("0.251", "0.273", "0.293", "0.385", "0.650", "0.962", "1.93", "20.4", "22.6",
                "36.5", "218"), given, "the digits as published, 0.650's zero kept");
        assertEquals(Arrays.asList(251, 273, 293, 385, 650, 962, 1930, 20400, 22600, 36500, 218000).toString(),
                plain(nanos).toString());
        assertEquals(8, t.setup.size());
        assertEquals(null, t.host.turbo, "not stated");
    }

    private static List<String> plain(List<BigDecimal> values) {
        List<String> out = new ArrayList<>();
        for (BigDecimal v : values) {
            out.add(v.toPlainString());
        }
        return out;
    }

    @Test
    void theMinimalTableReadsWithGroupedDigitsAndNothingOptional() {
        PublishedTable t = read(MINIMAL);
        assertEquals(Definition.INTENDED, t.definition.ours);
        assertEquals(Percentile.P99_9, t.values.get(1).percentile);
        assertEquals("1,410", t.values.get(1).given);
        assertEquals(1410, t.values.get(1).nanos.intValueExact());
        assertNull(t.load.samples);
        assertNull(t.host.threads);
        assertNull(t.definition.differs);
        assertEquals(io.queuelatency.result.CpuPair.Relation.UNKNOWN, t.host.relation);
        assertTrue(t.setup.isEmpty());
    }

    /**
     * Each case: the line of {@link #MINIMAL} it replaces, with what, and the line, the field and the values (~ for a
     * space) the one line names.
     */
    @ParameterizedTest(name = "{3}")
    @CsvSource(delimiter = '|', value = {
        "'  p50: 580'|'  p100: 580'|20|values.p100|'p100'",
        "'  p50: 580'|'  50: 580'|20|values.50|'50'",
        "'  p50: 580'|'  median: 580'|20|values.median|'median'",
        "'  p50: 580'|'  p50.0: 580'|20|values.p50.0|'p50.0'",
        "'  worst: 23000'|'  max: 23000'|22|values.max|'max'",
        "unit: ns|unit: usec|18|unit|'usec'",
        "'  p50: 580'|'  p50: fast'|20|values.p50|'fast'",
        "'  p50: 580'|'  p50: 1e3'|20|values.p50|'1e3'",
        "'  p50: 580'|'  p50: -5'|20|values.p50|'-5'",
        "'  p50: 580'|'  p50: 2000'|21|values.p99.9|1,410 2000",
        "'  p50: 580'|'  p99.99: 580'|21|values.p99.9|p99.99",
        "'  p50: 580'|'  p50: 580\\n  p50: 590'|21|values.p50|",
        "'  url: https://example.org/table'|'  url: example.org'|2|source.url|",
        "'  date: 2024-05'|'  date: May 2024'|4|source.date|",
        "'  cpu: AMD Ryzen 9 5950X'|'  model: AMD Ryzen 9 5950X'|6|host.model|",
        "'  cpu: AMD Ryzen 9 5950X'|'  cpu: X\\n  relation: same'|7|host.relation|'same'",
        "'  ours: intended'|'  ours: end-to-end'|17|definition.ours|'end-to-end'",
        "'  size: 256'|'  size: 256 bytes'|12|load.size|'256~bytes'",
        "'  major: 21'|'  major: seventeen'|10|jvm.major|'seventeen'",
        "'  rate: 100000'|'  rate: 0'|13|load.rate|'0'",
    })
    void badInputIsOneLineNamingTheFileTheLineAndTheField(String line, String replacement, int at, String key,
                                                          String values) {
        String yaml = MINIMAL.replace(line + "\n", replacement.replace("\\n", "\n") + "\n");
        assertTrue(!yaml.equals(MINIMAL), "the case changes the table: " + line);
        BadInputException e = assertThrows(BadInputException.class, () -> read(yaml));
        String[] named = values == null ? new String[0] : values.split(" ");
        for (int i = 0; i < named.length; i++) {
            named[i] = named[i].replace('~', ' ');
        }
        assertOneLine(e, at, key, named);
    }

    /** A field left out: the line of the key that holds it (the first for the top level), and its whole path. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "source.url|'  url: https://example.org/table'|1",
        "source.date|'  date: 2024-05'|1",
        "host.cpu|'  cpu: AMD Ryzen 9 5950X'|5",
        "host.isolation|'  isolation: isolcpus=2-15'|5",
        "jvm.said|'  said: OpenJDK 21'|8",
        "load.size|'  size: 256'|11",
        "load.rate|'  rate: 100000'|11",
        "definition.from|'  from: the scheduled send time'|14",
        "definition.ours|'  ours: intended'|14",
        "unit|unit: ns|1",
    })
    void aMissingFieldIsNamedWithItsPath(String field, String line, int at) {
        String yaml = MINIMAL.replace(line + "\n", "");
        BadInputException e = assertThrows(BadInputException.class, () -> read(yaml));
        assertOneLine(e, at, field);
    }

    @Test
    void noValuesAnUnknownSectionBrokenYamlAndAnEmptyFileAreOneLineEach() {
        String noValues = MINIMAL.substring(0, MINIMAL.indexOf("values:")) + "values:\n";
        assertOneLine(assertThrows(BadInputException.class, () -> read(noValues)), 19, "values");
        assertOneLine(assertThrows(BadInputException.class, () -> read(MINIMAL.replace("host:", "hots:"))), 5,
                "hots");
        assertOneLine(assertThrows(BadInputException.class, () -> read(MINIMAL.replace("  p50: 580", "  p50: [580"))),
                20, "");
        BadInputException empty = assertThrows(BadInputException.class, () -> read(""));
        assertOneLine(empty, 1, "", "source", "host", "jvm", "load", "definition", "unit", "values");
        BadInputException missing = assertThrows(BadInputException.class,
                () -> PublishedTableReader.read(Paths.get("no/such.yaml")));
        assertTrue(missing.getMessage().startsWith("no/such.yaml: ") && !missing.getMessage().contains("\n"),
                "the file, no line: " + missing.getMessage());
    }

    /** One line that starts with the file, the line and the key at fault, and names each of {@code values}. */
    private static void assertOneLine(BadInputException e, int line, String key, String... values) {
        String m = e.getMessage();
        assertEquals(1, m.split("\n").length, m);
        assertTrue(m.startsWith("t.yaml:" + line + ": " + key), m);
        for (String v : values) {
            assertTrue(m.contains(v), v + " in " + m);
        }
    }
}
