package io.queuelatency.workload;

import io.queuelatency.exit.BadInputException;
import io.queuelatency.result.Definition;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The built-in {@code order}: a new-order message encoded field by field on the producer, decoded on the consumer
 * into one reused mutable order (nothing allocated per message) and checked against what {@link #fill} writes for
 * that sequence. A plain little-endian encoder, as a hand-written SBE-like codec would be:
 * <pre>
 *   offset 0   client order id   long     1,000,000,000 + sequence
 *   offset 8   symbol            8 bytes  ASCII, space padded, one of eight by sequence
 *   offset 16  side              byte     'B' or 'S'
 *   offset 17  price             long     in ticks
 *   offset 25  quantity          int      a multiple of 100
 *   offset 29  timestamp         long     the actual send time fill is given
 *   offset 37  checksum          long     of the fields above, the timestamp included
 * </pre>
 * The message is {@link #BYTES} bytes of body whatever {@code --size} is (it needs {@code --size} of at least 32 +
 * {@value #BYTES}): the order is what it is, and the rest of the room stays unwritten.
 */
final class NewOrder implements Workload {
    /** The encoded order's bytes. */
    static final int BYTES = 45;
    private static final long FIRST_ID = 1_000_000_000L;
    private static final byte[][] SYMBOLS = symbols("AAPL", "MSFT", "VOD.L", "BARC.L", "EURUSD", "ESZ6", "7203.T",
            "BRK.B");
    private static final long MIX = 0x9E3779B97F4A7C15L;

    /** The decoded order, reused message after message. */
    private final byte[] symbol = new byte[8];
    private long clientOrderId;
    private byte side;
    private long priceTicks;
    private int quantity;
    private long timestamp;
    private long checksum;

    /** The maker of the built-in, refusing a body with no room for the order (before anything runs). */
    static Workloads.Factory maker(int bodyBytes, String argument) {
        if (argument != null) {
            throw new BadInputException("--workload order takes no argument: " + argument);
        }
        if (bodyBytes < BYTES) {
            int header = Definition.IN_QUEUE.smallestMessageBytes;
            throw new BadInputException("--workload order needs --size " + (header + BYTES) + " or more: " + BYTES
                    + " bytes of order after the tool's " + header + " of header");
        }
        return NewOrder::new;
    }

    @Override
    public void fill(long sequence, long sendNs, Body body) {
        byte[] s = symbolOf(sequence);
        body.writeLong(FIRST_ID + sequence);
        body.write(s, 0, s.length);
        body.writeByte(sideOf(sequence));
        body.writeLong(priceOf(sequence));
        body.writeInt(quantityOf(sequence));
        body.writeLong(sendNs);
        body.writeLong(checksum(FIRST_ID + sequence, s, sideOf(sequence), priceOf(sequence), quantityOf(sequence),
                sendNs));
    }

    @Override
    public boolean handle(long sequence, Body body) {
        if (body.remaining() != BYTES) {
            return false;
        }
        clientOrderId = body.readLong();
        body.read(symbol, 0, symbol.length);
        side = body.readByte();
        priceTicks = body.readLong();
        quantity = body.readInt();
        timestamp = body.readLong();
        checksum = body.readLong();
        return clientOrderId == FIRST_ID + sequence && Arrays.equals(symbol, symbolOf(sequence))
                && side == sideOf(sequence) && priceTicks == priceOf(sequence) && quantity == quantityOf(sequence)
                && checksum == checksum(clientOrderId, symbol, side, priceTicks, quantity, timestamp);
    }

    private static byte[] symbolOf(long sequence) {
        return SYMBOLS[(int) (sequence & (SYMBOLS.length - 1))];
    }

    private static byte sideOf(long sequence) {
        return (sequence & 8) == 0 ? (byte) 'B' : (byte) 'S';
    }

    private static long priceOf(long sequence) {
        return 1_000_000L + (sequence * 7_919L) % 50_000L;
    }

    private static int quantityOf(long sequence) {
        return 100 * (1 + (int) (sequence % 50));
    }

    private static long checksum(long id, byte[] symbol, byte side, long price, int quantity, long timestamp) {
        long h = id * MIX;
        for (byte b : symbol) {
            h = (h ^ b) * MIX;
        }
        h = (h ^ side) * MIX;
        h = (h ^ price) * MIX;
        h = (h ^ quantity) * MIX;
        return (h ^ timestamp) * MIX;
    }

    private static byte[][] symbols(String... names) {
        byte[][] all = new byte[names.length][];
        for (int i = 0; i < names.length; i++) {
            byte[] padded = new byte[8];
            Arrays.fill(padded, (byte) ' ');
            byte[] name = names[i].getBytes(StandardCharsets.US_ASCII);
            System.arraycopy(name, 0, padded, 0, name.length);
            all[i] = padded;
        }
        return all;
    }
}
