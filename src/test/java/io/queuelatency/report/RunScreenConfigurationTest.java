package io.queuelatency.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.queuelatency.result.Settings;
import io.queuelatency.result.StudyConfig;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunScreenConfigurationTest {
    @Test
    void verbosePrintsEverySettingOnceInItsOrder() {
        StudyConfig config = new StudyConfig();
        config.settings = Settings.builder().rate(50_000).sizes(Arrays.asList(64, 256)).build();
        config.pinnedProducerCpu = 2;
        config.pinnedConsumerCpu = 4;
        config.cpuChoice = "as in the article";
        config.queueParent = Paths.get("/dev/shm");
        config.chosenRollCycle = "FAST_DAILY";
        config.rollCycleChoice = "given";
        config.kernelTraceWhyNot = "no root";
        List<String> lines = Arrays.asList(RunScreen.configuration(config).split("\n"));
        assertEquals(RunScreen.CONFIGURATION, lines.get(0));
        List<String> names = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            names.add(line.substring(0, line.indexOf(" = ")));
        }
        assertEquals(new ArrayList<>(config.entries().keySet()), names);
        assertEquals("rate = 50000", lines.get(1));
    }
}
