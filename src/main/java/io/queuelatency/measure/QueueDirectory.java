package io.queuelatency.measure;

import java.io.File;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The one directory a run creates, {@code <parent>/queue-latency-<pid>-<nanos>}, holding the queue's files
 * ({@code queue/}) and the native-library temp dir ({@code jna/}). The run deletes it whole when it ends,
 * fails or is interrupted, and nothing outside it: the parent is never touched but for adding this child.
 * <p>
 * Long runs stay bounded: the queue reports each cycle file once both threads are done with it
 * ({@link #onReleased}), and the monitoring thread deletes those files ({@link #deleteReleasedCycles}).
 */
public final class QueueDirectory implements AutoCloseable {
    private final Path root;
    private final Queue<File> released = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean deleted = new AtomicBoolean();
    private long peakFootprintBytes;
    private int deletedCycles;

    private QueueDirectory(Path root) {
        this.root = root;
    }

    /** Creates a new directory under {@code parent}; never reuses one that exists. */
    public static QueueDirectory create(Path parent) throws IOException {
        String name = "queue-latency-" + ProcessId.current() + "-" + System.nanoTime();
        Path root = Files.createDirectory(parent.resolve(name));
        QueueDirectory dir = new QueueDirectory(root);
        Files.createDirectory(dir.queuePath());
        Files.createDirectory(dir.nativeTempPath());
        return dir;
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
