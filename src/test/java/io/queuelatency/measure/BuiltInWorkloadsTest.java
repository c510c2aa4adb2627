package io.queuelatency.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.workload.Workload;
import io.queuelatency.workload.Workloads;
import java.lang.management.ManagementFactory;
import net.openhft.chronicle.bytes.Bytes;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The built-in workloads through the body the measured threads use, over Chronicle Bytes as the queue's are. */
class BuiltInWorkloadsTest {
    private static final int BODY = 256 - MessageLayout.HEADER_BYTES;
    /** The order's encoded length (NewOrder's table). */
    private static final int ORDER_BYTES = 45;

    private static Workload make(String name) {
        return Workloads.maker(name, null, BODY).make();
    }

    /** Fills message {@code sequence} with {@code producer} into {@code bytes} (cleared), ready to be read. */
    private static void fill(Workload producer, Bytes<?> bytes, long sequence, long sendNs) {
        bytes.clear();
        producer.fill(sequence, sendNs, new BytesBody().writing(bytes, BODY));
    }

    private static boolean handle(Workload consumer, Bytes<?> bytes, long sequence) {
        return consumer.handle(sequence, new BytesBody().reading(bytes));
    }

    @Test
    void anOrderRoundTripsAndIsDecodedAsTheSequencesOrder() {
        Workload producer = make(Workloads.ORDER);
        Workload consumer = make(Workloads.ORDER);
        Bytes<?> bytes = Bytes.allocateElasticDirect(256);
        try {
            for (long s : new long[] {0, 1, 7, 8, 9, 4_999, 5_000, 1L << 40}) {
                fill(producer, bytes, s, 123_456_789L + s);
                assertEquals(ORDER_BYTES, bytes.readRemaining(), "the encoded order, not the room: " + s);
                assertEquals(1_000_000_000L + s, bytes.readLong(0), "the client order id first");
                assertTrue(handle(consumer, bytes, s), "message " + s);
                bytes.readPosition(0);
                assertFalse(handle(consumer, bytes, s + 1), "another message's order: " + s);
            }
            assertFalse(producer.allocates() || consumer.allocates());
        } finally {
            bytes.releaseLast();
        }
    }

    @Test
    void anyByteOfAnOrderDamagedIsCaught() {
        Workload producer = make(Workloads.ORDER);
        Workload consumer = make(Workloads.ORDER);
        Bytes<?> bytes = Bytes.allocateElasticDirect(256);
        try {
            for (int at = 0; at < ORDER_BYTES; at++) {
                fill(producer, bytes, 42, 987_654_321L);
                bytes.writeByte(at, (byte) (bytes.readByte(at) ^ 0x10));
                assertFalse(handle(consumer, bytes, 42), "byte " + at + " flipped");
            }
            fill(producer, bytes, 42, 987_654_321L);
            bytes.writePosition(ORDER_BYTES - 1);
            assertFalse(handle(consumer, bytes, 42), "a short body");
        } finally {
            bytes.releaseLast();
        }
    }

    @Test
    void anOrderAllocatesNothingAndGarbageWhatItSaysPerMessage() {
        java.lang.management.ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        Assumptions.assumeTrue(mx instanceof com.sun.management.ThreadMXBean, "HotSpot's allocation counter");
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) mx;
        int messages = 20_000;
        long order = allocatedPerRound(threads, Workloads.ORDER, messages);
        assertTrue(order < messages / 10, "the order's round trips allocated " + order + " bytes in all");
        // a byte[n] is 16 bytes of header and n, rounded to 8: garbage=BYTES allocates BYTES a message, exactly
        for (int bytes : new int[] {16, 1024, 4096}) {
            long all = allocatedPerRound(threads, Workloads.GARBAGE + "=" + bytes, messages);
            double each = (double) all / messages;
            assertTrue(each >= bytes && each < bytes + 1, "garbage=" + bytes + ": " + each + " bytes a message");
        }
        assertTrue(make(Workloads.GARBAGE).allocates());
    }

    @Test
    void garbageChecksItsBodyAndDefaultsTo1024Bytes() {
        Workload producer = make(Workloads.GARBAGE);
        Workload consumer = make(Workloads.GARBAGE);
        Bytes<?> bytes = Bytes.allocateElasticDirect(256);
        try {
            fill(producer, bytes, 77, 0);
            assertEquals(8, bytes.readRemaining());
            assertTrue(handle(consumer, bytes, 77));
            bytes.readPosition(0);
            assertFalse(handle(consumer, bytes, 78));
        } finally {
            bytes.releaseLast();
        }
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assertEquals(1024.0, (double) allocatedPerRound(threads, Workloads.GARBAGE, 10_000) / 10_000, 1.0);
    }

    /** What this thread allocated in {@code messages} fills and handlings of {@code name}, a warm round first. */
    private static long allocatedPerRound(com.sun.management.ThreadMXBean threads, String name, int messages) {
        Workload producer = make(name);
        Workload consumer = make(name);
        Bytes<?> bytes = Bytes.allocateElasticDirect(256);
        BytesBody writing = new BytesBody();
        BytesBody reading = new BytesBody();
        long id = Thread.currentThread().getId();
        try {
            long allocated = 0;
            for (int round = 0; round < 2; round++) {
                long before = threads.getThreadAllocatedBytes(id);
                for (int s = 0; s < messages; s++) {
                    bytes.clear();
                    producer.fill(s, s, writing.writing(bytes, BODY));
                    if (!consumer.handle(s, reading.reading(bytes))) {
                        throw new AssertionError(name + ": message " + s + " handled as damaged");
                    }
                }
                allocated = threads.getThreadAllocatedBytes(id) - before;
            }
            return allocated;
        } finally {
            bytes.releaseLast();
        }
    }
}
