package io.queuelatency.json;

import io.queuelatency.store.MatrixFiles;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.queuelatency.exit.StoredFileException;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.RunResult;
import io.queuelatency.result.Settings;
import io.queuelatency.result.StudyConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The settings in the stored files: the committed examples (files this build did not write) read, and written back
 * as stored (byte for byte where stored with this schema); the keys each file stores are settings' names, but for
 * the aliases its schema fixed.
 */
class SettingsJsonTest {
    private static final List<Path> EXAMPLES = Arrays.asList(Paths.get("reports/example"),
            Paths.get("reports/capacity-example"));

    @TempDir
    Path tmp;

    private static List<Path> storedResults() throws IOException {
        List<Path> results = new ArrayList<>();
        for (Path example : EXAMPLES) {
            try (Stream<Path> files = Files.walk(example.resolve(MatrixFiles.CELLS_DIR))) {
                results.addAll(files.filter(f -> f.getFileName().toString().equals("result.json")).sorted()
                        .collect(Collectors.toList()));
            }
        }
        return results;
    }

    @Test
    void theExamplesPlansReadAndWriteBackAsStored() throws IOException {
        for (Path example : EXAMPLES) {
            Path stored = example.resolve(MatrixFiles.MATRIX_JSON);
            MatrixPlan plan = MatrixPlanJson.read(stored);
            Path written = tmp.resolve(example.getFileName() + "-" + MatrixFiles.MATRIX_JSON);
            MatrixPlanJson.write(plan, written);
            JsonNode before = JsonNodes.MAPPER.readTree(stored.toFile());
            JsonNode after = JsonNodes.MAPPER.readTree(written.toFile());
            if (before.get("schema").asText().endsWith("/" + MatrixPlan.SCHEMA_VERSION)) {
                assertArrayEquals(Files.readAllBytes(stored), Files.readAllBytes(written), stored.toString());
            } else {
                for (String newer : new String[] {"capacity", "auto", "hostFloor"}) { // the newer schemas', null here
                    if (!before.has(newer)) {
                        ((ObjectNode) after).remove(newer);
                    }
                }
                if (!before.get("settings").has("timeBudgetNs")) {
                    ((ObjectNode) after.get("settings")).remove("timeBudgetNs");
                }
                if (before.path("capacity").has("budgets")) { // the spelling "p99" since matrix/5: read, not kept
                    ((ObjectNode) after).set("capacity", before.get("capacity"));
                    assertEquals(before.get("capacity").get("budgets").size(),
                            JsonNodes.MAPPER.readTree(written.toFile()).get("capacity").get("budgets").size());
                }
                ((ObjectNode) after).set("schema", before.get("schema")); // written as the current schema
            }
            assertEquals(before, after, stored.toString());
            assertEquals(JsonNodes.MAPPER.writeValueAsString(before.get("settings")),
                    JsonNodes.MAPPER.writeValueAsString(after.get("settings")), stored + ": its settings as stored");
            assertEquals(plan.settings, MatrixPlanJson.read(written).settings, stored.toString());
        }
        Settings s = MatrixPlanJson.read(EXAMPLES.get(0).resolve(MatrixFiles.MATRIX_JSON)).settings;
        assertEquals(100_000, s.rate);
        assertEquals(256, s.size);
        assertEquals(15_000_000_000L, s.warmupNs);
        assertNull(s.runs, "runs: auto");
        assertEquals("on", s.kernelTrace);
        assertNull(s.margin);
    }

    @Test
    void theExamplesResultsReadAndWriteBackByteForByte() throws IOException {
        List<Path> results = storedResults();
        assertTrue(results.size() >= 10, "the examples' cells: " + results.size());
        for (Path stored : results) {
            RunResult r = ResultJson.read(stored);
            Path written = tmp.resolve("result.json");
            ResultJson.write(written, r);
            if (JsonNodes.MAPPER.readTree(stored.toFile()).get("schema").asText().endsWith("/6")) {
                assertEquals(StoredFilesTest.text(stored, "result.json"), StoredFilesTest.text(written, "result.json"),
                        stored.toString());
            } else { // an older schema is written as the current one: the same values, read back the same
                RunResult again = ResultJson.read(written);
                for (io.queuelatency.result.Definition d : io.queuelatency.result.Definition.values()) {
                    assertEquals(values(r, d), values(again, d), stored + " " + d);
                }
                Path rewritten = tmp.resolve("again.json");
                ResultJson.write(rewritten, again);
                assertArrayEquals(Files.readAllBytes(written), Files.readAllBytes(rewritten), stored.toString());
            }
        }
    }

    private static List<String> values(RunResult r, io.queuelatency.result.Definition d) {
        List<String> out = new ArrayList<>();
        io.queuelatency.result.Latency l = r.latency(d);
        if (l != null) {
            for (io.queuelatency.result.Latency.Value v : l.values()) {
                out.add(v.percentile.name() + "=" + v.valueNs + "/" + v.beyond);
            }
        }
        return out;
    }

    @Test
    void aResultsConfigIsReadUnderItsSchemasKeys() throws IOException {
        StudyConfig c = ResultJson.read(storedResults().get(0)).config;
        assertEquals(100_000, c.settings.rate);
        assertEquals(256, c.settings.size);
        assertEquals("FAST_DAILY", c.chosenRollCycle);
        assertEquals(Paths.get("/dev/shm"), c.queueParent);
        assertEquals(17_179_869_184L, c.settings.blockSize);
    }

    @Test
    void eachStoredKeyIsASettingsNameOrItsSchemasAlias() {
        StudyConfig c = new StudyConfig();
        c.toolCpu = 2; // none (-1) is not stored: as before it was decided
        StudyConfig allocating = new StudyConfig();
        allocating.toolCpu = 2;
        allocating.workloadAllocates = true; // stored only with a workload
        assertTrue(allocating.entries().keySet().containsAll(SettingsJson.RESULT_CONFIG),
                SettingsJson.RESULT_CONFIG.toString());
        assertTrue(Settings.DEFAULTS.entries().keySet().containsAll(SettingsJson.PLAN_SETTINGS),
                SettingsJson.PLAN_SETTINGS.toString());
        List<String> keys = new ArrayList<>();
        SettingsJson.config(c).fieldNames().forEachRemaining(keys::add);
        assertEquals(Arrays.asList("ratePerSecond", "messageSize", "warmupNs", "durationNs", "producerCpu",
                "consumerCpu", "cpuChoice", "toolCpu", "queueDir", "rollCycle", "rollCycleChoice", "blockSize"), keys,
                "result.json's config");
        keys.clear();
        SettingsJson.plan(Settings.DEFAULTS).fieldNames().forEachRemaining(keys::add);
        assertEquals(SettingsJson.PLAN_SETTINGS.subList(0, SettingsJson.PLAN_SETTINGS.size() - 5), keys,
                "matrix.json's settings, the workload's, the probes and the profile only when set");
        keys.clear();
        SettingsJson.plan(Settings.DEFAULTS.toBuilder().workload("order").workloadJar("/w.jar").probes(true)
                .profile("p99").profileIntervalNs(10_000_000L).build()).fieldNames().forEachRemaining(keys::add);
        assertEquals(SettingsJson.PLAN_SETTINGS, keys, "matrix.json's settings with a workload");
    }

    @Test
    void aPlanOfTheOldestSchemaReadsWithTheSettingsItDidNotHoldAtTheirMeaningThen() throws IOException {
        Path plan = tmp.resolve(MatrixFiles.MATRIX_JSON);
        write(plan, "{\"schema\": \"queue-latency/matrix/1\"}");
        String refused = assertThrows(StoredFileException.class, () -> MatrixPlanJson.read(plan)).getMessage();
        assertTrue(refused.startsWith(plan + ": schema: ") && !refused.contains("\n"), refused);
        assertEquals(java.util.Arrays.asList(1, 2, MatrixPlan.SCHEMA_VERSION),
                io.queuelatency.Lines.numbers(refused.substring(plan.toString().length())), refused);
        write(plan, "{\"schema\": \"queue-latency/matrix/2\", \"tool\": \"queue-latency 1\", \"runId\": \"old\","
                + " \"settings\": {\"rate\": 50000, \"size\": 128, \"warmupNs\": 5000000000,"
                + " \"durationNs\": 10000000000,"
                + " \"runs\": 2, \"producerCpu\": 2, \"consumerCpu\": null, \"jvmOptions\": [\"-Xmx1g\"],"
                + " \"cellGraceNs\": 60000000000}, \"jvms\": [], \"cells\": []}");
        Settings s = MatrixPlanJson.read(plan).settings;
        assertEquals(50_000, s.rate);
        assertEquals(128, s.size);
        assertEquals(2, (int) s.producerCpu);
        assertNull(s.consumerCpu);
        assertEquals(Arrays.asList("-Xmx1g"), s.jvmOptions);
        assertEquals(0, s.floorNs, "no floor was measured then");
        assertEquals("auto", s.kernelTrace);
        assertNull(s.sizes);
        assertNull(s.rates);
        assertNull(s.margin);
    }

    @Test
    void aStoredSettingNoConfigurationCanHoldIsTheFilesProblem() throws IOException {
        Path plan = tmp.resolve(MatrixFiles.MATRIX_JSON);
        write(plan, "{\"schema\": \"queue-latency/matrix/3\", \"settings\": {\"rate\": 0, \"size\": 256,"
                + " \"warmupNs\": 0, \"durationNs\": 1000000000, \"runs\": 1, \"jvmOptions\": [], \"cellGraceNs\": 0},"
                + " \"jvms\": [], \"cells\": []}");
        assertThrows(StoredFileException.class, () -> MatrixPlanJson.read(plan));
        Path result = tmp.resolve("result.json");
        String stored = new String(Files.readAllBytes(storedResults().get(0)), StandardCharsets.UTF_8);
        write(result, stored.replace("\"messageSize\" : 256", "\"messageSize\" : 8"));
        assertThrows(StoredFileException.class, () -> ResultJson.read(result));
    }

    @Test
    void aTopologyIsStoredOnlyWhenTheProducerRanInASecondJvmAndReadsBackAsStored() throws IOException {
        Path current = null;
        for (Path stored : storedResults()) {
            if (JsonNodes.MAPPER.readTree(stored.toFile()).get("schema").asText().endsWith("/6")) {
                current = stored;
                break;
            }
        }
        assertTrue(current != null, "an example stored with schema 6, the last before the workload's");
        String stored = new String(Files.readAllBytes(current), StandardCharsets.UTF_8);
        assertTrue(!stored.contains("\"topology\""), "threads, the default, is not stored");
        assertEquals(Settings.THREADS, ResultJson.read(current).config.settings.topology);
        String blockSize = "\"blockSize\" : 17179869184";
        assertTrue(stored.contains(blockSize + "\n"), "the config's last key");
        Path processes = tmp.resolve("processes.json");
        String storedFrom = JsonNodes.MAPPER.writeValueAsString(
                JsonNodes.MAPPER.readTree(stored).get("timed").get("from").asText());
        write(processes, stored.replace(blockSize + "\n", blockSize + ",\n    \"topology\" : \"processes\"\n")
                .replace("queue-latency/run/6", "queue-latency/run/" + RunResult.SCHEMA_VERSION)
                .replace(storedFrom, JsonNodes.MAPPER.writeValueAsString(io.queuelatency.words.DefinitionWords.FROM))
                .replace(JsonNodes.MAPPER.writeValueAsString(io.queuelatency.words.DefinitionWords.CLOCK),
                        JsonNodes.MAPPER.writeValueAsString(io.queuelatency.words.DefinitionWords.CLOCK_TWO_JVMS)));
        RunResult r = ResultJson.read(processes);
        assertTrue(r.config.settings.betweenProcesses());
        Path written = tmp.resolve("written.json");
        ResultJson.write(written, r);
        assertArrayEquals(Files.readAllBytes(processes), Files.readAllBytes(written), "written back as stored");
        Path wrong = tmp.resolve("wrong.json");
        write(wrong, stored.replace(blockSize + "\n", blockSize + ",\n    \"topology\" : \"process\"\n"));
        String refused = assertThrows(StoredFileException.class, () -> ResultJson.read(wrong)).getMessage();
        assertTrue(refused.startsWith(wrong + ": config.topology: ") && !refused.contains("\n"), refused);
    }

    private static void write(Path file, String text) throws IOException {
        Files.write(file, text.getBytes(StandardCharsets.UTF_8));
    }
}
