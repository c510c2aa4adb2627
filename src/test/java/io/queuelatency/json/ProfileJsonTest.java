package io.queuelatency.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.queuelatency.result.Profile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfileJsonTest {
    @Test
    void aProfileWithItsCountersWritesBackAsStored(@TempDir Path dir) throws Exception {
        Profile b = new Profile();
        b.slowLimit = "p99";
        b.slowNs = 41_000;
        b.slowMessages = 5_000;
        b.slowMessagesSampled = 123;
        b.counters.add(new Profile.ThreadCounts("producer", 10_562_267, 20_574_191, 184, 106_152));
        b.counters.add(new Profile.ThreadCounts("consumer", 425_064_193_324L, 264_690_533_400L, 1291, 2_404_110_819L));
        Path file = dir.resolve("profile.json");
        Files.write(file, JsonNodes.MAPPER.writeValueAsBytes(Binding.tree(b)));
        Profile back = JsonNodes.read(file).as(Profile.class);
        assertEquals("p99", back.slowLimit);
        assertEquals(123, back.slowMessagesSampled);
        assertEquals(2, back.counters.size());
        assertEquals("consumer", back.counters.get(1).thread);
        assertEquals(2_404_110_819L, back.counters.get(1).branchMisses);
        assertEquals(184, back.counters.get(0).cacheMisses);
        assertNull(back.problem);
    }
}
