package io.queuelatency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.cli.StudyOptions;
import io.queuelatency.result.Settings;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * One name per setting from the option to the file: each option of a study, a matrix and a capacity search is a
 * setting's name (--warmup is warmupNs, --no-attribution is attribution, --jvm-option, repeatable, is jvmOptions), or
 * one of the few that tell the command what to do rather than what to measure; the field an option is bound to is
 * named as the option.
 */
class SettingNamesTest {
    /**
     * The options that are not settings: where the output goes, which entries run, how a command proceeds, what it
     * prints besides.
     */
    private static final List<String> COMMAND_OPTIONS = Arrays.asList("--output", "--jvm", "--fork", "--config",
            "--only", "--variants", "--plan", "--budget", "--list", "--resume", "--project-dir", "--resolution",
            "--verbose", "--floor-only", "--fingerprint", "--share", "--hosts");

    private static CommandLine.Model.CommandSpec spec(Object command) {
        return new CommandLine(command).getCommandSpec();
    }

    private static List<CommandLine.Model.CommandSpec> commands() {
        PrintStream none = new PrintStream(new ByteArrayOutputStream());
        CommandLine.Model.CommandSpec matrix = spec(new JvmMatrix(none, none));
        return Arrays.asList(spec(new QueuePerformance(new String[0], none, none)), matrix,
                matrix.subcommands().get("capacity").getCommandSpec());
    }

    /** {@code --max-rate} is maxRate, {@code --no-attribution} attribution; null where no setting is so named. */
    static String settingOf(String option) {
        String camel = camel(option.replaceFirst("^--(no-)?", ""));
        for (String name : new String[] {camel, camel + "Ns", camel + "s"}) {
            if (Settings.DEFAULTS.entries().containsKey(name)) {
                return name;
            }
        }
        return null;
    }

    private static String camel(String kebab) {
        StringBuilder s = new StringBuilder();
        for (String part : kebab.split("-")) {
            s.append(s.length() == 0 ? part : Character.toUpperCase(part.charAt(0)) + part.substring(1));
        }
        return s.toString();
    }

    @Test
    void everyOptionIsASettingsNameOrTellsTheCommandWhatToDo() {
        Map<String, String> settings = new TreeMap<>();
        for (CommandLine.Model.CommandSpec command : commands()) {
            for (CommandLine.Model.OptionSpec o : command.options()) {
                if (o.usageHelp() || o.versionHelp()) {
                    continue;
                }
                String name = o.longestName().replace("[no-]", "");
                if (COMMAND_OPTIONS.contains(name)) {
                    continue;
                }
                String setting = settingOf(name);
                assertTrue(setting != null, command.name() + " " + name + " is no setting's name");
                settings.put(name, setting);
                if (o.userObject() instanceof Field) {
                    String field = ((Field) o.userObject()).getName();
                    assertTrue(Arrays.asList(camel(name.substring(2)), camel(name.substring(2)) + "Ns",
                            camel(name.substring(2)) + "s").contains(field), name + " is bound to " + field);
                }
            }
        }
        assertEquals("rate", settings.get("--rate"));
        assertEquals("warmupNs", settings.get("--warmup"));
        assertEquals("attribution", settings.get("--no-attribution"));
        assertEquals("jvmOptions", settings.get("--jvm-option"));
        assertEquals("sla", settings.get("--sla"));
        assertEquals("maxRate", settings.get("--max-rate"));
        Set<String> all = new TreeSet<>(Settings.DEFAULTS.entries().keySet());
        all.remove("cellGraceNs"); // jvm-matrix.yaml's only
        assertEquals(all, new TreeSet<>(settings.values()), "every setting has its option");
    }

    @Test
    void aStudysOptionsAreItsSettingsByName() {
        StudyOptions o = new StudyOptions();
        new CommandLine(o).setDefaultValueProvider(new StudyOptions.Defaults()).parseArgs();
        assertEquals(Settings.DEFAULTS, o.toSettings(), "the options' defaults are the settings'");
        new CommandLine(o).setDefaultValueProvider(new StudyOptions.Defaults()).parseArgs("--rate", "50000",
                "--size", "64", "--warmup", "3s", "--duration", "7s", "--floor", "0s", "--producer-cpu", "2",
                "--consumer-cpu", "4", "--allow-same-cpu", "--queue-dir", "/tmp", "--roll-cycle", "MINUTELY",
                "--block-size", "1g", "--no-attribution", "--kernel-trace", "off", "--pretouch", "--workload", "order",
                "--workload-jar", "/w.jar", "--probes", "--profile", "--profile-interval", "10ms",
                "--topology", "processes", "--quiet");
        Settings expected = Settings.builder().rate(50_000).size(64).warmupNs(3_000_000_000L).durationNs(7_000_000_000L)
                .floorNs(0).producerCpu(2).consumerCpu(4).allowSameCpu(true).queueDir("/tmp").rollCycle("MINUTELY")
                .blockSize(1L << 30).attribution(false).kernelTrace("off").pretouch(true).workload("order")
                .workloadJar("/w.jar").probes(true).profile("p99").profileIntervalNs(10_000_000L)
                .topology("processes")
                .quiet(true).build();
        assertEquals(expected, o.toSettings());
        for (String name : new ArrayList<>(expected.entries().keySet()).subList(0, 19)) {
            assertNotEquals(Settings.DEFAULTS.entries().get(name), expected.entries().get(name), "a study's " + name);
        }
    }
}
