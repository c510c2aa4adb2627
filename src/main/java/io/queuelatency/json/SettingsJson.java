package io.queuelatency.json;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.queuelatency.exit.StoredFileException;
import io.queuelatency.result.Settings;
import io.queuelatency.result.SettingsBuilder;
import io.queuelatency.words.SettingsWords;
import io.queuelatency.result.StudyConfig;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

/**
 * The settings as the stored files hold them: which each file stores, in the file's order, and under which key. A
 * key is the setting's own name ({@link Settings#entries}) except where a file's schema fixed another: those are
 * {@link #RESULT_KEYS}, the one table of such names. Written from the configuration's entries; read back by name over
 * the defaults (a setting a file does not hold is its default), and checked as every configuration is.
 */
final class SettingsJson {
    static final List<String> RESULT_CONFIG = Collections.unmodifiableList(Arrays.asList("rate", "size", "warmupNs",
            "durationNs", "pinnedProducerCpu", "pinnedConsumerCpu", "cpuChoice", "toolCpu", "queueParent",
            "chosenRollCycle", "rollCycleChoice", "blockSize", "workload", "workloadJar", "workloadAllocates", "probes",
            "profile", "profileIntervalNs", "topology"));
    static final List<String> PLAN_SETTINGS = Collections.unmodifiableList(Arrays.asList("rate", "size", "warmupNs",
            "durationNs", "runs", "producerCpu", "consumerCpu", "jvmOptions", "cellGraceNs", "floorNs", "kernelTrace",
            "skipFirst", "margin", "sizes", "rates", "timeBudgetNs", "workload", "workloadJar", "probes",
            "profile", "profileIntervalNs"));
    /** Settings a file holds only when set: files stored before they existed read as they were written. */
    private static final List<String> ONLY_WHEN_SET = Collections.unmodifiableList(Arrays.asList("workload",
            "workloadJar", "workloadAllocates", "probes", "profile", "profileIntervalNs"));
    /** result.json's keys that are not the setting's name: the host's decision is stored under the asked one's. */
    private static final Map<String, String> RESULT_KEYS = new HashMap<>();

    static {
        RESULT_KEYS.put("rate", "ratePerSecond");
        RESULT_KEYS.put("size", "messageSize");
        RESULT_KEYS.put("pinnedProducerCpu", "producerCpu");
        RESULT_KEYS.put("pinnedConsumerCpu", "consumerCpu");
        RESULT_KEYS.put("queueParent", "queueDir");
        RESULT_KEYS.put("chosenRollCycle", "rollCycle");
    }

    private SettingsJson() {
    }

    /** False for a setting held only when set ({@link #ONLY_WHEN_SET}) that is not: null or false. */
    private static boolean set(String name, Object value) {
        return !ONLY_WHEN_SET.contains(name) || value != null && !Boolean.FALSE.equals(value);
    }

    private static String key(String setting) {
        return RESULT_KEYS.getOrDefault(setting, setting);
    }

    static ObjectNode config(StudyConfig c) {
        Map<String, Object> entries = c.entries();
        ObjectNode o = JsonNodes.object();
        for (String name : RESULT_CONFIG) {
            if ("toolCpu".equals(name) && c.toolCpu < 0 || !set(name, entries.get(name))
                    || "topology".equals(name) && !c.settings.betweenProcesses()) {
                continue; // none, or the default: as results stored before either was decided read
            }
            o.set(key(name), JsonNodes.MAPPER.valueToTree(entries.get(name)));
        }
        return o;
    }

    /** A value no configuration can hold is the file's problem, in one line. */
    static StudyConfig config(JsonNodes c) {
        try {
            Settings asked = Settings.builder().rate(c.lng(key("rate"))).size(c.integer(key("size")))
                    .warmupNs(c.lng(key("warmupNs"))).durationNs(c.lng(key("durationNs")))
                    .blockSize(c.lng(key("blockSize"))).workload(c.optStr("workload"))
                    .workloadJar(c.optStr("workloadJar")).probes(c.bool("probes", false)).profile(c.optStr("profile"))
                    .profileIntervalNs(c.has("profileIntervalNs") ? c.lng("profileIntervalNs") : null)
                    .topology(c.has("topology") ? c.str("topology") : Settings.DEFAULTS.topology).build();
            String queueParent = c.optStr(key("queueParent"));
            StudyConfig config = new StudyConfig();
            config.settings = asked;
            config.pinnedProducerCpu = c.integer(key("pinnedProducerCpu"));
            config.pinnedConsumerCpu = c.integer(key("pinnedConsumerCpu"));
            config.cpuChoice = c.optStr(key("cpuChoice"));
            config.queueParent = queueParent == null ? null : Paths.get(queueParent);
            config.chosenRollCycle = c.optStr(key("chosenRollCycle"));
            config.rollCycleChoice = c.optStr(key("rollCycleChoice"));
            config.toolCpu = c.has(key("toolCpu")) ? c.integer(key("toolCpu")) : -1;
            config.workloadAllocates = c.has("workloadAllocates") ? c.bool("workloadAllocates", false) : null;
            return config;
        } catch (Settings.Invalid e) {
            throw new StoredFileException(c.file(), "config." + key(e.problem.setting) + ": " + SettingsWords.text(e));
        }
    }

    static ObjectNode plan(Settings s) {
        Map<String, Object> entries = s.entries();
        ObjectNode o = JsonNodes.object();
        for (String name : PLAN_SETTINGS) {
            if (set(name, entries.get(name))) {
                o.set(name, JsonNodes.MAPPER.valueToTree(entries.get(name)));
            }
        }
        return o;
    }

    /** A setting the plan does not hold is its default (the floor: 0, none measured). */
    static Settings plan(JsonNodes s) {
        SettingsBuilder b = Settings.builder().rate(s.lng("rate")).size(s.integer("size")).warmupNs(s.lng("warmupNs"))
                .durationNs(s.lng("durationNs")).runs(runs(s)).jvmOptions(s.strings("jvmOptions"))
                .cellGraceNs(s.lng("cellGraceNs")).floorNs(s.lng("floorNs", 0)).skipFirst(s.bool("skipFirst", false))
                .producerCpu(s.has("producerCpu") ? s.integer("producerCpu") : null)
                .consumerCpu(s.has("consumerCpu") ? s.integer("consumerCpu") : null)
                .margin(s.has("margin") ? s.dbl("margin") : null)
                .sizes(s.has("sizes") ? LongStream.of(s.longs("sizes")).mapToObj(Settings::sizeOf)
                        .collect(Collectors.toList()) : null)
                .rates(s.has("rates") ? LongStream.of(s.longs("rates")).boxed().collect(Collectors.toList()) : null)
                .timeBudgetNs(s.has("timeBudgetNs") ? s.lng("timeBudgetNs") : null)
                .workload(s.optStr("workload")).workloadJar(s.optStr("workloadJar")).probes(s.bool("probes", false))
                .profile(s.optStr("profile"))
                .profileIntervalNs(s.has("profileIntervalNs") ? s.lng("profileIntervalNs") : null)
                .kernelTrace(s.has("kernelTrace") ? s.str("kernelTrace") : Settings.DEFAULTS.kernelTrace);
        try {
            return b.build();
        } catch (Settings.Invalid e) {
            throw new StoredFileException(s.file(), "settings." + e.problem.setting + ": " + SettingsWords.text(e));
        }
    }

    /** A whole number, or "auto". */
    private static Integer runs(JsonNodes s) {
        if (s.raw().path("runs").isTextual()) {
            String runs = s.str("runs");
            if (!Settings.AUTO.equals(runs)) {
                throw new StoredFileException(s.file(), "settings.runs: \"" + runs + "\" is neither a number nor "
                        + Settings.AUTO);
            }
            return null;
        }
        return s.integer("runs");
    }
}
