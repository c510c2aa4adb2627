package io.queuelatency.profile;

import io.queuelatency.result.Profile;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import one.convert.Arguments;
import one.convert.JfrToFlame;
import one.jfr.JfrReader;
import one.jfr.event.Event;
import one.jfr.event.EventCollector;

/**
 * A run's samples split by time with async-profiler's own converter: those inside a slow message's flight form the
 * slow profile, the rest of the window's the typical one. An idle thread's wall-clock samples come batched, one
 * event for many with one time (a parked producer after its loop: a second's worth): which flights that idle time
 * overlapped its one time cannot say, so a batch is never slow (the measured threads spin: in the window, batches
 * are rare); each as collapsed stacks (the stored record, summed across
 * runs by the matrix) with the thread's name as its root frame. Pure: from the JFR files and the flights.
 */
public final class ProfileSplit {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    /** A thread's root frame names its id, "[consumer tid=32029]": runs are summed by the thread's name alone. */
    private static final Pattern OWN_THREAD_ID = Pattern.compile(" tid=\\d+\\]", Pattern.MULTILINE);

    /** The split's two profiles, collapsed, and the counts a {@link Profile} states. */
    public static final class Stacks {
        public final String slow;
        public final String typical;
        public final Profile counts;

        Stacks(String slow, String typical, Profile counts) {
            this.slow = slow;
            this.typical = typical;
            this.counts = counts;
        }
    }

    private ProfileSplit() {
    }

    /**
     * {@code jfrs}: one file a sampling JVM (two between processes), each on the monotonic clock; the window from
     * {@code windowStartNs} to {@code windowEndNs}. An IOException says a file could not be read or was on another
     * clock.
     */
    public static Stacks split(List<Path> jfrs, Flights flights, long windowStartNs, long windowEndNs)
            throws IOException {
        StringBuilder slow = new StringBuilder();
        StringBuilder typical = new StringBuilder();
        Times slowTimes = new Times();
        long[] typicalSamples = new long[1];
        for (Path jfr : jfrs) {
            slow.append(collapsed(jfr, (t, samples) -> {
                boolean in = samples == 1 && flights.covers(t);
                if (in) {
                    slowTimes.add(t, samples);
                }
                return in;
            }));
            typical.append(collapsed(jfr, (t, samples) -> {
                boolean in = t >= windowStartNs && t < windowEndNs && (samples > 1 || !flights.covers(t));
                typicalSamples[0] += in ? samples : 0;
                return in;
            }));
        }
        long[] times = Arrays.copyOf(slowTimes.times, slowTimes.n);
        Arrays.sort(times); // where each sample was taken: an idle thread's samples, batched, at the batch's time
        Profile b = new Profile();
        b.slowMessages = flights.messages();
        b.slowMessagesSampled = flights.sampled(times, times.length);
        b.slowSamples = slowTimes.samples;
        b.typicalSamples = typicalSamples[0];
        b.slowNsInWindow = flights.coveredNs();
        b.windowNs = windowEndNs - windowStartNs;
        return new Stacks(slow.toString(), typical.toString(), b);
    }

    private static final class Times {
        long[] times = new long[1024];
        int n;
        long samples;

        void add(long t, long batched) {
            if (n == times.length) {
                times = Arrays.copyOf(times, 2 * n);
            }
            times[n++] = t;
            samples += batched;
        }
    }

    /**
     * Whether a sample taken at this time (ns, the monotonic clock) belongs; {@code samples} above 1 where
     * async-profiler batched an idle thread's wall-clock samples into one event.
     */
    interface Keep {
        boolean test(long timeNs, long samples);
    }

    private static String collapsed(Path jfr, Keep keep) throws IOException {
        Arguments args = new Arguments("--threads", "--norm", "-o", "collapsed");
        try (JfrReader reader = new JfrReader(jfr.toString())) {
            if (reader.ticksPerSec != NANOS_PER_SECOND) {
                throw new IOException(jfr.getFileName() + " is not on the messages' clock (ticks of "
                        + reader.ticksPerSec + "/s)");
            }
            Filtered f = new Filtered(reader, args, keep);
            f.convert();
            return OWN_THREAD_ID.matcher(f.text()).replaceAll("]");
        }
    }

    /** async-profiler's JFR-to-flame converter passing on only the samples {@code keep} keeps. */
    private static final class Filtered extends JfrToFlame {
        private final Keep keep;

        Filtered(JfrReader reader, Arguments args, Keep keep) {
            super(reader, args);
            this.keep = keep;
        }

        /** Called by the super constructor: the fields are read when events come, by then set. */
        @Override
        protected EventCollector createCollector(Arguments args) {
            EventCollector all = super.createCollector(args);
            return new EventCollector() {
                @Override
                public void collect(Event e) {
                    if (keep.test(e.time, e.samples())) {
                        all.collect(e);
                    }
                }

                @Override
                public void beforeChunk() {
                    all.beforeChunk();
                }

                @Override
                public void afterChunk() {
                    all.afterChunk();
                }

                @Override
                public boolean finish() {
                    return all.finish();
                }

                @Override
                public void forEach(Visitor visitor) {
                    all.forEach(visitor);
                }
            };
        }

        String text() throws IOException {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            dump(bytes);
            return new String(bytes.toByteArray(), StandardCharsets.UTF_8);
        }
    }
}
