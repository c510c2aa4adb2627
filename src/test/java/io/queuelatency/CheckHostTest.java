package io.queuelatency;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.queuelatency.cli.StudyOptions;
import io.queuelatency.host.HostFacts;
import io.queuelatency.result.Settings;
import io.queuelatency.result.StudyConfig;
import io.queuelatency.result.Warning;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** check-host checks the CPUs a study would pin, on the Xeon's sysfs tree (16 CPUs, isolcpus=2,4). */
class CheckHostTest {
    @TempDir
    Path tmp;

    @Test
    void oneCpuNamedIsCheckedWithThePartnerAStudyWouldPinBesideIt() throws IOException {
        Path proc = Files.createDirectories(tmp.resolve("proc/self"));
        Files.write(proc.resolve("status"), "Cpus_allowed_list:\t0-15\n".getBytes(StandardCharsets.UTF_8));
        HostFacts host = new HostFacts(Paths.get("src/test/resources/sysfs/xeon-1s"), tmp.resolve("proc"));
        Integer[][] asked = {{null, null}, {4, null}, {null, 2}, {2, null}, {7, 9}};
        for (Integer[] cpus : asked) {
            Settings s = Settings.builder().producerCpu(cpus[0]).consumerCpu(cpus[1]).queueDir(tmp.toString())
                    .durationNs(1_000_000_000L).warmupNs(1_000_000_000L).build();
            StudyConfig study = StudyOptions.check(s, host, 0, new ArrayList<Warning>());
            List<Integer> pinned = Arrays.asList(study.pinnedProducerCpu, study.pinnedConsumerCpu);
            int[] checked = CheckHost.cpus(host, cpus[0], cpus[1]);
            assertEquals(pinned, Arrays.asList(checked[0], checked[1]), Arrays.toString(cpus));
        }
    }
}
