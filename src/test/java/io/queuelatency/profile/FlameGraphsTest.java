package io.queuelatency.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class FlameGraphsTest {
    @Test
    void aLeafGrowsByThreadAndMethodWhicheverCompilerMadeIt() throws Exception {
        String slower = "[producer];Loop.run_[1];Bytes.write_[1] 30\n[producer];Loop.run_[1];Clock.read_[1] 20\n"
                + "[consumer];Poll.run_[1];Bytes.write_[1] 50\n";
        String faster = "[producer];Loop.run_[j];Clock.read_[j] 50\n[consumer];Poll.run_[j];Bytes.write_[i] 50\n";
        List<FlameGraphs.Leaf> grown = FlameGraphs.grown(slower, faster, 2);
        // the producer's write is new; the consumer's, the same method, holds its share: apart, not summed to 80%
        assertEquals("[producer]", grown.get(0).thread);
        assertEquals("Bytes.write", grown.get(0).frame);
        assertEquals(0.30, grown.get(0).first, 1e-9);
        assertEquals(0.0, grown.get(0).second, 1e-9);
        assertEquals("[consumer]", grown.get(1).thread);
        assertEquals(0.50, grown.get(1).first, 1e-9);
        assertEquals(0.50, grown.get(1).second, 1e-9);
    }
}
