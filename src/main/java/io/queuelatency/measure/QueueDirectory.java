package io.queuelatency.measure;

import io.queuelatency.store.ResultFiles;
import io.queuelatency.store.RunMarker;
import java.io.File;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The one directory a run creates, {@code <parent>/queue-latency-<pid>-<nanos>}, holding the queue's files
 * ({@code queue/}), the native-library temp dir ({@code jna/}) and the {@link RunMarker} that proves it is a run's.
 * The run deletes it whole when it ends, fails or is interrupted, and nothing outside it. Cycle files both threads are
 * done with are deleted as the run goes.
 */
public final class QueueDirectory implements AutoCloseable {
    public static final String PREFIX = RunMarker.QUEUE_DIR_PREFIX;

    private final Path root;
    private final Queue<File> released = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean deleted = new AtomicBoolean();
    private final FileStore store;
    private final long usedAtStartBytes;
    /** Joined by a second process (the producer's JVM): the cycles it is done with may still be read here. */
    private boolean keepsCycles;
    private long peakFootprintBytes;
    private int deletedCycles;

    private QueueDirectory(Path root) {
        this.root = root;
        FileStore found;
        try {
            found = Files.getFileStore(root);
        } catch (IOException e) {
            found = null; // no footprint and no free-space watch; the write itself still fails cleanly
        }
        this.store = found;
        this.usedAtStartBytes = used(store);
    }

    /** Never reuses one that exists. */
    public static QueueDirectory create(Path parent) throws IOException {
        String name = PREFIX + RunMarker.currentPid() + "-" + System.nanoTime();
        Path root = Files.createDirectory(parent.resolve(name));
        QueueDirectory dir = new QueueDirectory(root);
        RunMarker.write(root);
        Files.createDirectory(dir.queuePath());
        Files.createDirectory(dir.nativeTempPath());
        return dir;
    }

    /**
     * A run's directory, from the producer's JVM of {@code --topology processes}: it writes into the queue but deletes
     * no cycle (the consumer may still read it); {@link #close} removes the directory, which that JVM does only once
     * the run's own JVM has died.
     */
    public static QueueDirectory joined(Path root) throws IOException {
        if (!Files.isDirectory(root.resolve("queue"), LinkOption.NOFOLLOW_LINKS) || RunMarker.read(root) == null) {
            throw new IOException(root + " is no run's queue directory");
        }
        QueueDirectory dir = new QueueDirectory(root);
        dir.keepsCycles = true;
        return dir;
    }

    /** Removes the directories whose marker names a process that no longer runs; one line for each. */
    public static List<String> sweep(Path parent) {
        return RunMarker.removeMarked(parent, PREFIX,
                marker -> marker.pid != RunMarker.currentPid() && marker.ownerGone());
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

    /** JNA's native-library temp files in here, not in {@code ~/.cache/JNA}; a {@code -Djna.tmpdir} is kept. */
    public QueueDirectory holdingNativeLibraries() {
        if (System.getProperty("jna.tmpdir") == null) {
            System.setProperty("jna.tmpdir", nativeTempPath().toString());
        }
        return this;
    }

    /** Chronicle's StoreFileListener callback, from whichever thread released the file. */
    public void onReleased(int cycle, File file) {
        if (!keepsCycles) {
            released.add(file);
        }
    }

    /** Called off the hot threads. */
    public void deleteReleasedCycles() {
        File file;
        while ((file = released.poll()) != null) {
            if (file.toPath().startsWith(queuePath()) && file.delete()) {
                deletedCycles++;
            }
        }
    }

    /** How much the filesystem filled since the directory was made (the cycle files are sparse); keeps the peak. */
    public long sampleFootprint() {
        long bytes = Math.max(0, used(store) - usedAtStartBytes);
        if (bytes > peakFootprintBytes) {
            peakFootprintBytes = bytes;
        }
        return bytes;
    }

    /** -1 when it cannot be read this time. */
    public long usableBytes() {
        try {
            return store == null ? -1 : store.getUsableSpace();
        } catch (IOException e) {
            return -1;
        }
    }

    private static long used(FileStore store) {
        try {
            return store == null ? 0 : store.getTotalSpace() - store.getUnallocatedSpace();
        } catch (IOException e) {
            return 0;
        }
    }

    public long peakFootprintBytes() {
        return peakFootprintBytes;
    }

    public int deletedCycles() {
        return deletedCycles;
    }

    /** Once; safe to call from a shutdown hook and again afterwards. */
    @Override
    public void close() {
        if (deleted.compareAndSet(false, true)) {
            io.queuelatency.store.ResultFiles.deleteTree(root);
        }
    }

    public boolean exists() {
        return Files.exists(root, LinkOption.NOFOLLOW_LINKS);
    }
}
