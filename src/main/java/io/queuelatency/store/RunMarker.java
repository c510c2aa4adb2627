package io.queuelatency.store;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * The file that proves a directory is a run's own: {@code .queue-latency-run}, holding the creating process's
 * pid and its start time (from /proc, so a reused pid is not mistaken for the owner). The tool deletes a
 * directory it did not just create itself only when this file is in it and names a process that is gone, or
 * the process it watched die; never anything without it.
 */
public final class RunMarker {
    public static final String FILE_NAME = ".queue-latency-run";
    /** How a run's queue directory is named: queue-latency-PID-NANOS. */
    public static final String QUEUE_DIR_PREFIX = "queue-latency-";

    public final long pid;
    /** The owner's start time in clock ticks since boot (/proc/PID/stat field 22); -1 where unknown. */
    public final long startTicks;

    private RunMarker(long pid, long startTicks) {
        this.pid = pid;
        this.startTicks = startTicks;
    }

    public static void write(Path dir) throws IOException {
        long pid = currentPid();
        Files.write(dir.resolve(FILE_NAME),
                ("pid=" + pid + "\nstartTicks=" + startTicks(pid) + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /** Removes the marker before a finished run's directory takes its final name. */
    public static void remove(Path dir) throws IOException {
        Files.deleteIfExists(dir.resolve(FILE_NAME));
    }

    /** Null when there is none (or it is not ours to read). */
    public static RunMarker read(Path dir) {
        Path file = dir.resolve(FILE_NAME);
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            Properties p = new Properties();
            p.load(in);
            long pid = Long.parseLong(p.getProperty("pid", "-1").trim());
            return pid > 0 ? new RunMarker(pid, Long.parseLong(p.getProperty("startTicks", "-1").trim())) : null;
        } catch (IOException | IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * True only when we can tell that the owner no longer runs: no /proc entry for its pid, or one that
     * started at another time (the pid was reused). Where /proc cannot tell, the owner is taken as alive.
     */
    public boolean ownerGone() {
        if (!Files.isDirectory(Paths.get("/proc/self"))) {
            return false;
        }
        if (!Files.exists(Paths.get("/proc", Long.toString(pid)))) {
            return true;
        }
        if (state(pid) == 'Z') {
            return true; // killed, not yet reaped by its parent: it runs no more
        }
        long now = startTicks(pid);
        return startTicks >= 0 && now >= 0 && now != startTicks;
    }

    /** Field 3 of /proc/PID/stat: R, S, D, Z ...; '?' where unknown. */
    static char state(long pid) {
        try {
            return statFields(pid)[0].charAt(0);
        } catch (IOException | RuntimeException e) {
            return '?';
        }
    }

    /** On Java 8 too (ProcessHandle is 9+). */
    public static long currentPid() {
        String name = ManagementFactory.getRuntimeMXBean().getName(); // "pid@host" on HotSpot
        int at = name.indexOf('@');
        try {
            return Long.parseLong(at > 0 ? name.substring(0, at) : name);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** Field 22 of /proc/PID/stat; -1 where unknown. */
    static long startTicks(long pid) {
        try {
            return Long.parseLong(statFields(pid)[19]); // field 22 is the 20th from field 3
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** Fields 3 on of /proc/PID/stat: those after the command name in parentheses (which may hold spaces). */
    private static String[] statFields(long pid) throws IOException {
        String stat =
                new String(Files.readAllBytes(Paths.get("/proc", Long.toString(pid), "stat")), StandardCharsets.UTF_8);
        return stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
    }

    /**
     * Removes the directories under {@code parent} whose name starts with {@code namePrefix} and whose marker says they
     * are {@code ours}; one line each, with its size. A directory without a marker is never touched.
     */
    public static java.util.List<String> removeMarked(Path parent, String namePrefix,
            java.util.function.Predicate<RunMarker> ours) {
        java.util.List<String> removed = new java.util.ArrayList<>();
        try (java.nio.file.DirectoryStream<Path> entries = Files.newDirectoryStream(parent, namePrefix + "*")) {
            for (Path dir : entries) {
                RunMarker marker = Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS) ? read(dir) : null;
                if (marker != null && ours.test(marker)) {
                    long bytes = treeSize(dir);
                    ResultFiles.deleteTree(dir);
                    removed.add(String.format(java.util.Locale.ROOT, "%s (%.1f MiB, left by process %d)", dir,
                            bytes / 1048576.0, marker.pid)
                            + (Files.exists(dir, LinkOption.NOFOLLOW_LINKS) ? ": could not remove it all" : ""));
                }
            }
        } catch (IOException e) {
            // an unreadable parent: nothing of ours can be found there
        }
        return removed;
    }

    private static long treeSize(Path path) {
        try (Stream<Path> all = Files.walk(path)) {
            return all.filter(p -> !Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)).mapToLong(p -> p.toFile().length())
                    .sum();
        } catch (IOException | UncheckedIOException e) {
            return 0;
        }
    }
}
