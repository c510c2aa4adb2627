package io.queuelatency.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class StallRecorderTest {
    @Test
    void aGapAboveTheThresholdIsAStallWithItsStartAndLength() {
        StallRecorder s = new StallRecorder(5_000, 16);
        s.begin(100);
        s.read(150);
        s.read(200);
        s.read(20_200); // 20 us without a read: the thread was away
        s.read(20_250);
        s.read(25_250); // exactly the threshold: not a stall
        assertEquals(1, s.seen());
        assertEquals(1, s.kept());
        assertEquals(200, s.startAt(0));
        assertEquals(20_000, s.lengthAt(0));
        assertEquals(5, s.reads());
    }

    @Test
    void whereTheClockIsCheapTheThresholdStaysAtItsFloor() {
        StallRecorder s = new StallRecorder(5_000, 16);
        s.calibrate(new SteppingClock(0, 25)); // 25 ns a read, as an invariant TSC
        assertEquals(25, s.clockReadP50Ns());
        assertEquals(25, s.clockReadP99Ns());
        assertEquals(5_000, s.thresholdNs());
    }

    @Test
    void whereTheClockIsSlowTheThresholdRisesAboveItsReads() {
        // a microsecond a read (a hypervisor's clock source), with one read in fifty at 2 us: the p99 is 2 us
        long[] t = {0};
        int[] n = {0};
        NanoClock slow = () -> t[0] += ++n[0] % 50 == 0 ? 2_000 : 1_000;
        StallRecorder s = new StallRecorder(5_000, 16);
        s.calibrate(slow);
        assertEquals(1_000, s.clockReadP50Ns());
        assertEquals(2_000, s.clockReadP99Ns());
        assertEquals(20_000, s.thresholdNs(), "ten times the reads' p99");
        s.begin(t[0]);
        s.read(t[0] + 2_000);
        s.read(t[0] + 2_000 + 15_000); // would be a stall at the floor; here it is one read of this clock and a bit
        assertEquals(0, s.seen());
    }

    @Test
    void aFullRingKeepsTheNewestStallsInTimeOrder() {
        StallRecorder s = new StallRecorder(1_000, 4);
        long t = 0;
        s.begin(t);
        for (int i = 0; i < 5; i++) {
            t += 10_000 + i;
            s.read(t);
            t += 10;
            s.read(t); // not a stall: written into the current slot, which must not be a kept one
        }
        assertEquals(5, s.seen(), "seen, all five");
        assertEquals(3, s.kept(), "kept, the capacity less the slot being written: the newest");
        assertEquals(10_002, s.lengthAt(2), "the oldest kept, at index seen() - kept()");
        assertEquals(10_004, s.lengthAt(4));
        assertTrue(s.startAt(2) < s.startAt(3));
    }

    @Test
    void aStallSpanningAWriteIsToldApart() {
        StallRecorder s = new StallRecorder(1_000, 4);
        s.begin(0);
        s.readAfterWrite(50_000);
        s.read(100_000);
        assertTrue(s.inWriteAt(0));
        assertFalse(s.inWriteAt(1));
    }

    @Test
    void aStallInjectedIntoTheProducersSpinIsFoundWithTheRightLengthAndTime() {
        SteppingClock stepping = new SteppingClock(0, 10);
        int[] reads = {0};
        NanoClock clock = () -> {
            if (++reads[0] == 50) {
                stepping.stall(300_000); // the CPU is taken away for 300 us while the producer waits for its slot
            }
            return stepping.nanoTime();
        };
        Pacer pacer = new Pacer(clock, 0, 1_000);
        StallRecorder s = new StallRecorder(5_000, 16);
        s.begin(pacer.now());
        pacer.awaitTime(1_000_000, s);
        assertEquals(1, s.seen());
        assertEquals(300_010, s.lengthAt(0), "the stall plus one step of the spin");
        assertEquals(49 * 10, s.startAt(0), "it began after the 49th read");
    }

    @Test
    void aStallInjectedIntoTheConsumersPollLoopIsFoundWithTheRightLengthAndTime() {
        SteppingClock clock = new SteppingClock(0, 20);
        int[] polls = {0};
        Channel.MessageReader reader = receiver -> {
            polls[0]++;
            if (polls[0] == 100) {
                clock.stall(2_000_000); // 2 ms: an interrupt storm, another process, the hypervisor
            }
            if (polls[0] == 200) {
                receiver.onMessage(clock.nanoTime(), clock.nanoTime(), 0, 0, 0, 0, true);
            }
            return polls[0] == 200;
        };
        StallRecorder s = new StallRecorder(5_000, 16);
        SlowMessages slow = new SlowMessages(8);
        Consumer c = new Consumer(reader, new LatencyRecorder(0, false), 1);
        c.attribute(clock, s, slow);
        c.run();
        assertEquals(1, s.seen());
        assertEquals(2_000_020, s.lengthAt(0));
        assertEquals(100 * 20, s.startAt(0), "from the 99th poll's clock read (the first read is the loop's start)");
        assertEquals(1, slow.size(), "the one message, slow, kept with its times");
    }
}
