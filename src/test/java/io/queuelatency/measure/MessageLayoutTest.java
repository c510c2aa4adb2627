package io.queuelatency.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.openhft.chronicle.bytes.Bytes;
import org.junit.jupiter.api.Test;

class MessageLayoutTest {
    /** The message as the writer makes it: the body (the copy's filler of {@code fillerOf}) first, then the header. */
    static void write(MessageLayout layout, Bytes<?> bytes, long[] header, long fillerOf) {
        long start = layout.skipHeader(bytes);
        layout.newWorkload().fill(fillerOf, header[2], new BytesBody().writing(bytes, layout.bodyBytes()));
        layout.writeHeader(bytes, start, header[0], header[1], header[2], header[3]);
    }

    /** The copy's handling of a body read from here on: true when it is message {@code sequence}'s filler. */
    static boolean intact(MessageLayout layout, Bytes<?> bytes, long sequence) {
        return layout.newWorkload().handle(sequence, new BytesBody().reading(bytes));
    }

    @Test
    void aMessageIsExactlyItsSizeAndReadsBack() {
        for (int size : new int[] {32, 33, 39, 256, 1000}) {
            MessageLayout layout = new MessageLayout(size, null);
            assertTrue(layout.carriesActual() && layout.carriesInQueue(), "size " + size);
            Bytes<?> bytes = Bytes.allocateElasticOnHeap(size);
            write(layout, bytes, new long[] {42, 1_000, 1_500, 1_600}, 42);
            assertEquals(size, bytes.readRemaining(), "size " + size);
            assertEquals(42, bytes.readLong());
            assertEquals(1_000, bytes.readLong());
            assertEquals(1_500, bytes.readLong());
            assertEquals(1_600, bytes.readLong());
            assertTrue(intact(layout, bytes, 42), "size " + size);
        }
    }

    @Test
    void messagesOf24To31BytesCarryTheActualTimeButNoInQueueTime() {
        for (int size : new int[] {24, 25, 31}) {
            MessageLayout layout = new MessageLayout(size, null);
            assertTrue(layout.carriesActual(), "size " + size);
            assertFalse(layout.carriesInQueue(), "size " + size);
            Bytes<?> bytes = Bytes.allocateElasticOnHeap(size);
            write(layout, bytes, new long[] {42, 1_000, 1_500, 1_600}, 42);
            assertEquals(size, bytes.readRemaining(), "size " + size);
            assertEquals(42, bytes.readLong());
            assertEquals(1_000, bytes.readLong());
            assertEquals(1_500, bytes.readLong());
            assertTrue(intact(layout, bytes, 42), "size " + size);
        }
        assertTrue(new MessageLayout(32, null).carriesInQueue());
    }

    @Test
    void aFillerFromAnotherMessageOrOneFlippedBitIsCaught() {
        MessageLayout layout = new MessageLayout(256, null);
        Bytes<?> other = Bytes.allocateElasticOnHeap(256);
        write(layout, other, new long[] {7, 0, 0, 0}, 8);
        other.readSkip(MessageLayout.HEADER_BYTES);
        assertFalse(intact(layout, other, 7));

        Bytes<?> flipped = Bytes.allocateElasticOnHeap(256);
        write(layout, flipped, new long[] {7, 0, 0, 0}, 7);
        flipped.writeByte(200, (byte) (flipped.readByte(200) ^ 1));
        flipped.readSkip(MessageLayout.HEADER_BYTES);
        assertFalse(intact(layout, flipped, 7));
    }

    @Test
    void messagesUnder24BytesCarryTheSequenceAndIntendedTimeButNoActualTime() {
        for (int size : new int[] {16, 17, 20, 23}) {
            MessageLayout layout = new MessageLayout(size, null);
            assertFalse(layout.carriesActual(), "size " + size);
            assertFalse(layout.carriesInQueue(), "size " + size);
            Bytes<?> bytes = Bytes.allocateElasticOnHeap(size);
            write(layout, bytes, new long[] {7, 1_000, 1_500, 1_600}, 7);
            assertEquals(size, bytes.readRemaining(), "size " + size);
            assertEquals(7, bytes.readLong());
            assertEquals(1_000, bytes.readLong());
            assertTrue(intact(layout, bytes, 7), "size " + size);
        }
        assertTrue(new MessageLayout(24, null).carriesActual());
        assertThrows(IllegalArgumentException.class, () -> new MessageLayout(15, null));
        assertThrows(IllegalArgumentException.class, () -> new MessageLayout(65_537, null));
    }
}
