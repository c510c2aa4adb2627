package io.queuelatency;

import io.queuelatency.measure.ProducerSide;

/**
 * The producer's JVM of {@code --topology processes}: started by the measured JVM (RunInThisJvm) with its own java,
 * flags and class path, never by hand; its life is {@link ProducerSide}'s, its stdin and stdout the two JVMs' lines.
 */
public final class ProducerJvm {
    private ProducerJvm() {
    }

    public static void main(String[] args) {
        QueuePerformance.noPhoningHome();
        System.exit(ProducerSide.run(args, System.in, System.out)); // ends Chronicle's background threads too
    }
}
