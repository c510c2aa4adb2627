package io.queuelatency.measure;

import io.queuelatency.result.Stage;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * What the producer's JVM of {@code --topology processes} recorded that a producer thread of the measured JVM would
 * have recorded there: its loop's stalls (a {@link StallRecorder}, warm-up and window, in time order) and, with
 * --probes, the window's histograms of the stages it times ({@link Probes}). Once its loop has ended it writes them to
 * a file of the run's directory, before its counts; the measured JVM reads them into its own recorders, which no
 * thread of its writes, so the tail's fold and the stages find them where they find a producer thread's.
 */
public final class ProducerRecords {
    /** In the run's directory, beside the queue: removed with it. */
    public static final String FILE_NAME = "producer-records.bin";
    private static final int VERSION = 1;
    private static final Stage[] PRODUCERS = {Stage.OPEN, Stage.FILL};

    private ProducerRecords() {
    }

    /** In the producer's JVM, after its loop ended; either may be null (not recorded). */
    static void write(StallRecorder r, Probes probes, Path file) throws IOException {
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file)))) {
            out.writeInt(VERSION);
            out.writeBoolean(r != null);
            if (r != null) {
                out.writeLong(r.thresholdNs());
                out.writeLong(r.clockReadP50Ns());
                out.writeLong(r.clockReadP99Ns());
                out.writeLong(r.reads());
                out.writeInt(r.kept());
                for (long i = r.seen() - r.kept(); i < r.seen(); i++) {
                    out.writeLong(r.startAt(i));
                    out.writeLong(r.lengthAt(i));
                    out.writeBoolean(r.inWriteAt(i));
                }
            }
            out.writeBoolean(probes != null);
            for (Stage s : probes == null ? new Stage[0] : PRODUCERS) {
                Histogram h = probes.windowOf(s);
                ByteBuffer b = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
                int n = h.encodeIntoCompressedByteBuffer(b);
                out.writeInt(n);
                out.write(b.array(), 0, n);
            }
        }
    }

    /**
     * In the measured JVM, into the producer's recorders (which nothing else writes; either may be null: not wanted);
     * false where there was no such file or it holds less than was wanted.
     */
    static boolean read(Path file, StallRecorder into, Probes probes) {
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
            if (in.readInt() != VERSION) {
                return false;
            }
            boolean stalls = in.readBoolean();
            if (stalls) {
                replay(in, into);
            }
            boolean probed = in.readBoolean();
            for (Stage s : probed ? PRODUCERS : new Stage[0]) {
                byte[] encoded = new byte[in.readInt()];
                in.readFully(encoded);
                Histogram h = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(encoded), 0);
                if (probes != null) {
                    probes.windowOf(s).add(h);
                }
            }
            return (stalls || into == null) && (probed || probes == null);
        } catch (IOException | DataFormatException | RuntimeException e) {
            return false;
        }
    }

    /** {@code into} null: not wanted, passed over. */
    private static void replay(DataInputStream in, StallRecorder into) throws IOException {
        long threshold = in.readLong();
        long p50 = in.readLong();
        long p99 = in.readLong();
        long reads = in.readLong();
        int kept = in.readInt();
        if (into == null) {
            in.skipBytes(kept * (2 * Long.BYTES + 1));
            return;
        }
        into.calibrated(threshold, p50, p99);
        for (int k = 0; k < kept; k++) {
            into.replay(in.readLong(), in.readLong(), in.readBoolean());
        }
        into.readsWere(reads);
    }
}
