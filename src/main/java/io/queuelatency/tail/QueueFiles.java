package io.queuelatency.tail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Arrays;

/**
 * Where in this process's memory the queue's cycle files are mapped, so that a page fault's address tells a page of
 * the queue's file from any other. /proc/self/maps (a megabyte of garbage) is read again only when an address falls
 * outside every known range and the queue has mapped something new ({@link #changed}).
 */
final class QueueFiles {
    private final String dir;
    private long[] from = new long[0];
    private long[] to = new long[0];
    private boolean stale = true;

    /** Null for none. */
    QueueFiles(String dir) {
        this.dir = dir == null ? null : real(dir);
    }

    /** /proc/self/maps names files by their resolved path. */
    private static String real(String dir) {
        try {
            return Paths.get(dir).toRealPath().toString();
        } catch (IOException | RuntimeException e) {
            return dir;
        }
    }

    boolean contains(long address) {
        if (dir == null) {
            return false;
        }
        if (inRange(address)) {
            return true;
        }
        if (!stale) {
            return false;
        }
        stale = false;
        reread();
        return inRange(address);
    }

    void changed() {
        stale = true;
    }

    private boolean inRange(long address) {
        for (int i = 0; i < from.length; i++) {
            if (Long.compareUnsigned(address, from[i]) >= 0 && Long.compareUnsigned(address, to[i]) < 0) {
                return true;
            }
        }
        return false;
    }

    private void reread() {
        String maps;
        try {
            maps = new String(Files.readAllBytes(Paths.get("/proc/self/maps")), StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return;
        }
        long[][] ranges = Arrays.stream(maps.split("\n")).filter(line -> line.contains(dir) && line.endsWith(".cq4"))
                .map(line -> line.substring(0, line.indexOf(' ')).split("-"))
                .map(r -> new long[] {Long.parseUnsignedLong(r[0], 16), Long.parseUnsignedLong(r[1], 16)})
                .toArray(long[][]::new);
        from = Arrays.stream(ranges).mapToLong(r -> r[0]).toArray();
        to = Arrays.stream(ranges).mapToLong(r -> r[1]).toArray();
    }
}
