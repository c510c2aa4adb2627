package io.queuelatency.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.result.Settings;
import io.queuelatency.result.SettingsBuilder;
import io.queuelatency.words.SettingsWords;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MatrixConfigParserTest {
    private static MatrixConfig parse(String yaml) {
        return MatrixConfigParser.parse("m.yaml", new StringReader(yaml));
    }

    private static String error(String yaml) {
        return assertThrows(ConfigError.class, () -> parse(yaml)).getMessage();
    }

    @Test
    void theShippedMatrixParses() {
        MatrixConfig m = MatrixConfigParser.parse(Paths.get("jvm-matrix.yaml"), UnaryOperator.identity());
        assertEquals(15, m.jvms.size());
        assertEquals(null, m.settings.runs, "runs: auto");
        assertEquals(100_000_000_000L, m.settings.durationNs);
        assertEquals("openjdk-8", m.jvms.get(0).id);
        assertEquals("temurin-25", m.jvms.get(5).id);
        assertEquals("temurin", m.jvms.get(5).vendor);
        assertEquals("openjdk-27", m.jvms.get(7).id);
        MatrixConfig.Entry ce17 = m.jvms.get(8);
        assertEquals("graalvm-ce-17", ce17.id);
        assertEquals(MatrixConfig.Distribution.GRAALVM_CE, ce17.distribution);
        assertEquals("22.3.3", ce17.jargraal);
        assertEquals(30_000_000_000L, (long) ce17.warmupNs);
        assertEquals("graalvm-ce-27", m.jvms.get(12).id);
        assertNull(m.jvms.get(12).jargraal, "no GraalVM CE compiler for 27 exists");
        assertEquals(MatrixConfig.Distribution.ORACLE_GRAALVM, m.jvms.get(13).distribution);
    }

    @Test
    void settingsAndEntriesReadWithDefaults() {
        MatrixConfig m = parse("settings:\n  rate: 50_000\n  duration: 2m\n  producerCpu: 3\n  consumerCpu: auto\n"
                + "  jvmOptions: [-XX:+UseZGC]\njvms:\n  - id: my-jdk\n    home: /opt/jdk\n");
        assertEquals(50_000, m.settings.rate);
        assertEquals(120_000_000_000L, m.settings.durationNs);
        assertEquals(15_000_000_000L, m.settings.warmupNs, "the default warm-up");
        assertEquals(3, (int) m.settings.producerCpu);
        assertNull(m.settings.consumerCpu);
        assertEquals("-XX:+UseZGC", m.settings.jvmOptions.get(0));
        assertEquals("my-jdk", m.jvms.get(0).label, "the id when no label");
        assertEquals(Paths.get("/opt/jdk"), m.jvms.get(0).home);
    }

    /** A broken file, where its line names the fault (file:line: key) and the values it names (~ for a space). */
    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', value = {
        "jvms:\\n  - id: a\\n    major: [17\\n                              | m.yaml:3 |",
        "jvms:\\n  - id: a\\n    major: 17\\n    colour: red\\n              | m.yaml:4: jvms[a].colour |",
        "settings:\\n  rate: 1\\n  rate: 2\\njvms:\\n  - id: a\\n    major: 8 | m.yaml:3: settings.rate |",
        "jvms:\\n  - id: a\\n    major: 8\\n  - id: a\\n    major: 11\\n  "
                + "| m.yaml:4: jvms[1].id | 'a' line~2",
        "jvms:\\n  - id: a\\n    major: seventeen\\n                          "
                + "| m.yaml:3: jvms[a].major | 'seventeen'",
        "settings:\\n  warmup: 10\\njvms:\\n  - id: a\\n    major: 8       "
                + "| m.yaml:2: settings.warmup | '10'",
        "settings:\\n  runs: [1]\\njvms:\\n  - id: a\\n    major: 8       "
                + "| m.yaml:2: settings.runs |",
        "settings:\\n  runs: lots\\njvms:\\n  - id: a\\n    major: 8       "
                + "| m.yaml:2: settings.runs | 'lots'",
        "settings:\\n  timeBudget: 0s\\njvms:\\n  - id: a\\n    major: 8   "
                + "| m.yaml:2: settings.timeBudget | --time-budget",
        "jvms:\\n  - id: a\\n    major: 17\\n    distribution: zulu\\n        "
                + "| m.yaml:4: jvms[a].distribution | 'zulu'",
        "jvms:\\n  - id: a\\n    major: 17\\n    jargraal: 22.3.3\\n          "
                + "| m.yaml:4: jvms[a].jargraal | graalvm-ce",
        "jvms:\\n  - id: a\\n                                               | m.yaml:2: jvms[a].major |",
        "jvms:\\n  - label: x\\n    major: 8\\n                               | m.yaml:2: jvms[0].id |",
        "jvms:\\n  - id: Open JDK\\n    major: 8\\n                           "
                + "| m.yaml:2: jvms[0].id | 'Open~JDK'",
        "settings:\\n  rate: 1\\n                                             | m.yaml:1: jvms |",
        "jvms: openjdk\\n                                                   | m.yaml:1: jvms |",
        "jvms: []\\n                                                        | m.yaml:1: jvms |",
        "verbose: true\\njvms:\\n  - id: a\\n    major: 8\\n                 | m.yaml:1: verbose |",
        "jvms:\\n  - id: a\\n    major: 25\\n    vendor: ''\\n                | m.yaml:4: jvms[a].vendor |",
        "jvms:\\n  - id: a\\n    major: 25\\n    vendor: [temurin]\\n         | m.yaml:4: jvms[a].vendor |",
        "settings:\\n  sizes: 64\\njvms:\\n  - id: a\\n    major: 8             "
                + "| m.yaml:2: settings.sizes |",
        "settings:\\n  sizes: [64, big]\\njvms:\\n  - id: a\\n    major: 8     "
                + "| m.yaml:2: settings.sizes[] | 'big'",
        "settings:\\n  rates: [1000, 1000]\\njvms:\\n  - id: a\\n    major: 8   "
                + "| m.yaml:2: settings.rates[] | 1000",
        "settings:\\n  rates: []\\njvms:\\n  - id: a\\n    major: 8             "
                + "| m.yaml:2: settings.rates |",
        "variants: zgc\\njvms:\\n  - id: a\\n    major: 8\\n                   "
                + "| m.yaml:1: variants |",
        "variants:\\n  - id: zgc\\n    gc: z\\njvms:\\n  - id: a\\n    major: 8 "
                + "| m.yaml:3: variants[zgc].gc |",
        "variants:\\n  - jvmOptions: []\\njvms:\\n  - id: a\\n    major: 8     | m.yaml:2: variants[0].id |",
        "variants:\\n  - id: g1\\n  - id: g1\\njvms:\\n  - id: a\\n    major: 8 "
                + "| m.yaml:3: variants[g1].id | 'g1'",
        "variants:\\n  - id: Z GC\\njvms:\\n  - id: a\\n    major: 8          "
                + "| m.yaml:2: variants[0].id | 'Z~GC'",
        "variants:\\n  - id: p\\n    studyOptions: [--rate]\\njvms:\\n  - id: a\\n    major: 8 "
                + "| m.yaml:3: variants[p].studyOptions | '--rate'",
    })
    void aBrokenFileGetsOneLineNamingFileLineAndKey(String yaml, String where, String values) {
        String message = error(yaml.trim().replace("\\n", "\n") + "\n");
        assertTrue(message.startsWith(where + ": "), message);
        assertEquals(1, message.split("\n").length, message);
        for (String value : values == null ? new String[0] : values.split(" ")) {
            assertTrue(message.contains(value.replace('~', ' ')), value + " named in: " + message);
        }
    }

    @Test
    void sizesAndRatesAreSweeps() {
        MatrixConfig m = parse("settings:\n  sizes: [16, 64, 4096]\n  rates: [10_000, 1000000]\njvms:\n  - id: a\n"
                + "    major: 21\n");
        assertEquals(java.util.Arrays.asList(16, 64, 4096), m.settings.sizes);
        assertEquals(java.util.Arrays.asList(10_000L, 1_000_000L), m.settings.rates);
    }

    @Test
    void aCapacitySearchsBudgetsAndHighestRateAreSettings() {
        MatrixConfig m = parse("settings:\n  sla: [p99=1ms, p99.99=20us]\n  maxRate: 2_000_000\njvms:\n  - id: a\n"
                + "    major: 21\n");
        assertEquals(java.util.Arrays.asList(io.queuelatency.result.Budget.parse("p99=1ms"),
                io.queuelatency.result.Budget.parse("p99.99=20us")),
                m.settings.sla);
        assertEquals(Long.valueOf(2_000_000), m.settings.maxRate);
        String message = assertThrows(ConfigError.class,
                () -> parse("settings:\n  sla: [p99=1]\njvms:\n  - id: a\n    major: 21\n")).getMessage();
        assertEquals("m.yaml:2: settings.sla: " + assertThrows(IllegalArgumentException.class,
                () -> io.queuelatency.result.Budget.parse("p99=1")).getMessage(), message, "the budget's own line");
    }

    @Test
    void variantsAreNamedOptionSets() {
        MatrixConfig m = parse("variants:\n  - id: g1\n    jvmOptions: [-XX:+UseG1GC]\n  - id: zgc\n    jvmOptions: "
                + "[-XX:+UseZGC]\njvms:\n  - id: a\n    major: 21\n");
        assertEquals(2, m.variants.size());
        assertEquals("zgc", m.variants.get(1).id);
        assertEquals("-XX:+UseZGC", m.variants.get(1).jvmOptions.get(0));
        MatrixConfig p = parse("variants:\n  - id: plain\n  - id: pretouch\n    studyOptions: [--pretouch]\njvms:\n"
                + "  - id: a\n    major: 8\n");
        assertEquals(java.util.Collections.singletonList("--pretouch"), p.variants.get(1).studyOptions);
        assertTrue(p.variants.get(0).studyOptions.isEmpty());
        assertEquals(1, m.onlyVariants(java.util.Collections.singletonList("g1")).variants.size());
        assertEquals(2, m.only(java.util.Collections.singletonList("a")).variants.size(), "--only keeps the variants");
    }

    @Test
    void eachKeyOfTheFilesSettingsIsTheSettingsName() {
        for (String key : MatrixConfigParser.SETTINGS) {
            String name = Settings.DEFAULTS.entries().containsKey(key) ? key : key + "Ns";
            assertTrue(Settings.DEFAULTS.entries().containsKey(name), key);
        }
    }

    @Test
    void theFilesSettingsAreCheckedOnceUnderTheCommandLines(@TempDir Path dir) throws java.io.IOException {
        Path file = dir.resolve("m.yaml");
        Files.write(file, "settings:\n  size: 8\n  rate: 20000000\njvms:\n  - id: a\n    major: 8\n".getBytes("UTF-8"));
        String e = assertThrows(ConfigError.class,
                () -> MatrixConfigParser.parse(file, UnaryOperator.identity())).getMessage();
        assertEquals(file + ":3: settings.rate: " + message(s -> s.rate(20_000_000)), e);
        assertEquals(file + ":2: settings.size: " + message(s -> s.size(8)),
                assertThrows(ConfigError.class, () -> MatrixConfigParser.parse(file, s -> s.rate(1_000))).getMessage());
        Settings.Invalid option = assertThrows(Settings.Invalid.class,
                () -> MatrixConfigParser.parse(file, s -> s.size(64).rate(0)));
        assertEquals("rate", option.problem.setting, "the command line's value is named by its option alone");
        assertEquals(message(s -> s.rate(0)), SettingsWords.text(option));
        MatrixConfig m = MatrixConfigParser.parse(file, s -> s.size(64).rate(1_000));
        assertEquals(64, m.settings.size, "a file's value the command line replaces is not judged");
        assertEquals(1_000, m.settings.rate);
    }

    /** The check's own line for settings built from the defaults by {@code change}. */
    private static String message(UnaryOperator<SettingsBuilder> change) {
        return SettingsWords.text(assertThrows(Settings.Invalid.class, () -> change.apply(Settings.builder()).build()));
    }

    @Test
    void aValueNoStudyTakesIsNamedByFileLineAndKey() {
        assertEquals("m.yaml:3: settings.sla: " + message(s -> s.sla(java.util.Arrays.asList(
                io.queuelatency.result.Budget.parse("p99=1ms"), io.queuelatency.result.Budget.parse("p99=2ms")))),
                error("settings:\n  rate: 1000\n  sla: [p99=1ms, p99=2ms]\njvms:\n  - id: a\n    major: 21\n"));
        assertEquals("m.yaml:2: settings.maxRate: " + message(s -> s.maxRate(20_000_000L)),
                error("settings:\n  maxRate: 20_000_000\njvms:\n  - id: a\n    major: 21\n"));
        assertEquals("m.yaml:2: settings.warmup: " + message(s -> s.warmupNs(25 * 3_600 * Settings.SECOND_NS)),
                error("settings:\n  warmup: 25h\njvms:\n  - id: a\n    major: 21\n"));
        assertEquals("m.yaml:2: settings.kernelTrace: " + message(s -> s.kernelTrace("sometimes")),
                error("settings:\n  kernelTrace: sometimes\njvms:\n  - id: a\n    major: 21\n"));
    }

    @Test
    void aMissingFileIsNamed() {
        String message = assertThrows(ConfigError.class, () -> MatrixConfigParser.parse(Paths.get("no-such.yaml"),
                UnaryOperator.identity())).getMessage();
        assertTrue(message.startsWith("no-such.yaml: ") && !message.contains("\n"), "the file, no line: " + message);
    }

    @Test
    void aTopologyIsSetPerEntryOrAsAVariantsStudyOptionAndAnImpossibleOneIsRefusedInOneLine() {
        MatrixConfig m = parse("variants:\n  - id: threads\n    studyOptions: [--topology=threads]\n"
                + "  - id: processes\n    studyOptions: [--topology=processes]\njvms:\n  - id: a\n    major: 21\n");
        assertEquals(java.util.Collections.singletonList("--topology=processes"),
                MatrixConfig.studyOptions(m.jvms.get(0), m.variants.get(1)));
        MatrixConfig e = parse("jvms:\n  - id: a\n    major: 21\n    topology: processes\n  - id: b\n    major: 17\n");
        assertEquals("processes", e.jvms.get(0).topology);
        assertEquals(java.util.Collections.singletonList("--topology=processes"),
                MatrixConfig.studyOptions(e.jvms.get(0), null));
        assertTrue(MatrixConfig.studyOptions(e.jvms.get(1), null).isEmpty(), "threads by default: no option");
        String wrong = error("jvms:\n  - id: a\n    major: 21\n    topology: process\n");
        assertTrue(wrong.startsWith("m.yaml:4: jvms[a].topology: ") && !wrong.contains("\n"), wrong);
        String two = error("variants:\n  - id: v\n    studyOptions: [--topology=threads, --topology=processes]\n"
                + "jvms:\n  - id: a\n    major: 21\n");
        assertTrue(two.startsWith("m.yaml:3: variants[v].studyOptions: ") && !two.contains("\n"), two);
        String clash = error("variants:\n  - id: v\n    studyOptions: [--topology=threads]\n"
                + "jvms:\n  - id: a\n    major: 21\n    topology: processes\n");
        assertTrue(clash.startsWith("m.yaml:5: jvms[a].topology: ") && clash.contains(" v: ")
                && !clash.contains("\n"), clash);
        String pretouch = error("variants:\n  - id: v\n    studyOptions: [--pretouch]\n"
                + "jvms:\n  - id: a\n    major: 21\n    topology: processes\n");
        assertTrue(pretouch.startsWith("m.yaml:5: jvms[a].topology: ") && !pretouch.contains("\n"), pretouch);
        assertTrue(error("variants:\n  - id: v\n    studyOptions: [--topology=both]\njvms:\n  - id: a\n"
                + "    major: 21\n").startsWith("m.yaml:3: variants[v].studyOptions: "));
    }
}
