package io.queuelatency;

import io.queuelatency.measure.ProducerSide;
import io.queuelatency.tail.JvmEventLog;

/**
 * The producer's JVM of {@code --topology processes}: started by the measured JVM (RunInThisJvm) with its own java,
 * flags and class path, never by hand; its life is {@link ProducerSide}'s, its stdin and stdout the two JVMs' lines.
 */
public final class ProducerJvm {
    private ProducerJvm() {
    }

    public static void main(String[] args) {
        QueuePerformance.noPhoningHome();
        java.util.Arrays.stream(args).filter(a -> a.startsWith(ProducerSide.QUEUE_ARGUMENT)).findFirst()
                .ifPresent(queue -> JvmEventLog.logProducers( // its safepoints, for the tail's causes
                        java.nio.file.Paths.get(queue.substring(ProducerSide.QUEUE_ARGUMENT.length()))));
        System.exit(ProducerSide.run(args, System.in, System.out)); // ends Chronicle's background threads too
    }
}
