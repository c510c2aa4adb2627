package io.queuelatency.kernel;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The names the kernel's events carry (a command, an interrupt's name, a softirq's action), each stored once and known
 * by a number, so that reading events allocates only for a new name. One writer interns; any thread reads.
 */
public final class Names {
    private static final int SLOTS = 1 << 12;
    private final int[] table = new int[SLOTS]; // open addressing: id + 1, 0 empty
    private volatile String[] names = new String[64];
    private byte[][] bytes = new byte[64][];
    private int count;

    /** Writer only. */
    public int intern(byte[] b, int from, int length) {
        int h = 1;
        for (int i = from; i < from + length; i++) {
            h = 31 * h + b[i];
        }
        int slot = (h ^ (h >>> 16)) & (SLOTS - 1);
        for (int probe = 0; probe < SLOTS; probe++, slot = (slot + 1) & (SLOTS - 1)) {
            int id = table[slot] - 1;
            if (id < 0) {
                return add(slot, b, from, length);
            }
            if (TraceLines.is(b, from, from + length, bytes[id])) {
                return id;
            }
        }
        return -1; // more than 4,096 names: the rest go unnamed
    }

    private int add(int slot, byte[] b, int from, int length) {
        if (count == bytes.length) {
            bytes = Arrays.copyOf(bytes, 2 * count);
            names = Arrays.copyOf(names, 2 * count);
        }
        int id = count++;
        bytes[id] = Arrays.copyOfRange(b, from, from + length);
        String[] n = names;
        n[id] = new String(bytes[id], StandardCharsets.UTF_8);
        names = n; // publishes the new name with the array
        table[slot] = id + 1;
        return id;
    }

    /** "?" for none. Any thread. */
    public String name(int id) {
        String[] n = names;
        return id >= 0 && id < n.length && n[id] != null ? n[id] : "?";
    }
}
