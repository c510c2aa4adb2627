package io.queuelatency.measure;

import io.queuelatency.result.RunMarker;
import java.io.File;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The one directory a run creates, {@code <parent>/queue-latency-<pid>-<nanos>}, holding the queue's files
 * ({@code queue/}), the native-library temp dir ({@code jna/}) and the {@link RunMarker} that proves it is a
 * run's. The run deletes it whole when it ends,
 * fails or is interrupted, and nothing outside it: the parent is never touched but for adding this child.
 * <p>
 * Long runs stay bounded: the queue reports each cycle file once both threads are done with it
 * ({@link #onReleased}), and the monitoring thread deletes those files ({@link #deleteReleasedCycles}).
 */
public final class QueueDirectory implements AutoCloseable {
    /** Every run's directory is {@code queue-latency-<pid>-<nanos>}, with a {@link RunMarker} in it. */
    public static final String PREFIX = "queue-latency-";

    private final Path root;
    private final Queue<File> released = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean deleted = new AtomicBoolean();
    private long peakFootprintBytes;
    private int deletedCycles;

    private QueueDirectory(Path root) {
        this.root = root;
    }

    /** Creates a new directory under {@code parent}, marked as this process's; never reuses one that exists. */
    public static QueueDirectory create(Path parent) throws IOException {
        String name = PREFIX + ProcessId.current() + "-" + System.nanoTime();
        Path root = Files.createDirectory(parent.resolve(name));
        QueueDirectory dir = new QueueDirectory(root);
        RunMarker.write(root);
        Files.createDirectory(dir.queuePath());
        Files.createDirectory(dir.nativeTempPath());
        return dir;
    }

    /**
     * After the process {@code pid} died (killed, crashed) without cleaning up: removes the queue directories
     * under {@code parent} that it created and marked. Returns what was removed, with sizes.
     */
    public static List<String> removeLeftBy(long pid, Path parent) {
        return removeMarked(parent, PREFIX + pid + "-", marker -> marker.pid == pid);
    }

    /**
     * Runs that nobody watched (their launcher was killed too): removes the queue directories under
     * {@code parent} of the tool's naming whose marker names a process that no longer runs. Returns one line
     * for each. A directory without the marker is never touched.
     */
    public static List<String> sweep(Path parent) {
        return removeMarked(parent, PREFIX, marker -> marker.pid != ProcessId.current() && marker.ownerGone());
    }

    private static List<String> removeMarked(Path parent, String namePrefix, java.util.function.Predicate<RunMarker> ours) {
        List<String> removed = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(parent, namePrefix + "*")) {
            for (Path dir : entries) {
                RunMarker marker = Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS) ? RunMarker.read(dir) : null;
                if (marker != null && ours.test(marker)) {
                    long bytes = treeSize(dir);
                    deleteTree(dir);
                    removed.add(String.format(Locale.ROOT, "%s (%.1f MiB, left by process %d)", dir, bytes / 1048576.0, marker.pid)
                            + (Files.exists(dir, LinkOption.NOFOLLOW_LINKS) ? ": could not remove it all" : ""));
                }
            }
        } catch (IOException e) {
            // an unreadable parent: nothing of ours can be found there
        }
        return removed;
    }

    private static long treeSize(Path path) {
        if (!Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
            return path.toFile().length();
        }
        long total = 0;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(path)) {
            for (Path entry : entries) {
                total += treeSize(entry);
            }
        } catch (IOException e) {
            // counted what could be
        }
        return total;
    }

    public Path root() {
        return root;
    }

    public Path queuePath() {
        return root.resolve("queue");
    }

    public Path nativeTempPath() {
        return root.resolve("jna");
    }

    /** Chronicle's StoreFileListener callback, from whichever thread released the file. */
    public void onReleased(int cycle, File file) {
        released.add(file);
    }

    /** Deletes the cycle files the queue has released; called off the hot threads. */
    public void deleteReleasedCycles() {
        File file;
        while ((file = released.poll()) != null) {
            if (file.toPath().startsWith(queuePath()) && file.delete()) {
                deletedCycles++;
            }
        }
    }

    /** Samples the apparent size of the queue's files and keeps the peak. */
    public long sampleFootprint() {
        long bytes = sizeOf(queuePath());
        if (bytes > peakFootprintBytes) {
            peakFootprintBytes = bytes;
        }
        return bytes;
    }

    public long peakFootprintBytes() {
        return peakFootprintBytes;
    }

    public int deletedCycles() {
        return deletedCycles;
    }

    private static long sizeOf(Path dir) {
        long total = 0;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path entry : entries) {
                if (Files.isRegularFile(entry, LinkOption.NOFOLLOW_LINKS)) {
                    total += entry.toFile().length();
                }
            }
        } catch (IOException e) {
            // a file deleted while listing: the next sample counts again
        }
        return total;
    }

    /** Deletes the whole directory, once; safe to call from a shutdown hook and again afterwards. */
    @Override
    public void close() {
        if (deleted.compareAndSet(false, true)) {
            deleteTree(root);
        }
    }

    public boolean exists() {
        return Files.exists(root, LinkOption.NOFOLLOW_LINKS);
    }

    /** Deletes {@code path} and what lies below it, without following links out of it. */
    static void deleteTree(Path path) {
        if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(path)) {
                for (Path entry : entries) {
                    deleteTree(entry);
                }
            } catch (IOException e) {
                // fall through: the delete below reports nothing either; the caller checks exists()
            }
        }
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            // left behind; QueuePerformance reports a directory that still exists
        }
    }
}
