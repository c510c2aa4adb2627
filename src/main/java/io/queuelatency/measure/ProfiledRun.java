package io.queuelatency.measure;

import io.queuelatency.files.Format;
import io.queuelatency.files.WholeFile;
import io.queuelatency.profile.FlameGraphs;
import io.queuelatency.profile.Flights;
import io.queuelatency.profile.ProfileSplit;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Profile;
import io.queuelatency.result.Settings;
import io.queuelatency.result.SlowLimit;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * --profile in one run: the profiler attached before the threads start and stopped once their loops end
 * ({@link Sampler}); then the window's samples split into the slow and the typical profile, written into the run's
 * {@code profile/} folder, and the JFR files removed (the collapsed stacks are the record; the HTML is drawn from
 * them). A profile that cannot be had is one line on stderr and {@link Profile#problem}: the run is not touched.
 */
public final class ProfiledRun {
    /** The JFR file of the measured JVM's samples, in the run's directory until the split. */
    public static final String SAMPLES = "profile.jfr";
    /** Between processes, the producer's JVM's, beside it. */
    public static final String PRODUCER_SAMPLES = "producer-profile.jfr";

    /** The run's files, in the order they are written. */
    static final List<Format<ProfileSplit.Stacks>> FORMATS = Collections.unmodifiableList(Arrays.asList(
            Format.text(file(Profile.SLOW, Profile.COLLAPSED), s -> s.slow),
            Format.text(file(Profile.TYPICAL, Profile.COLLAPSED), s -> s.typical),
            Format.of(file(Profile.SLOW, Profile.HTML), s -> html(s.slow, "the slow messages' samples")),
            Format.of(file(Profile.TYPICAL, Profile.HTML), s -> html(s.typical, "the window's other samples"))));

    private ProfiledRun() {
    }

    static String file(String which, String suffix) {
        return Profile.DIR + "/" + which + suffix;
    }

    /** The sampler --profile asks for, its library in the run's queue directory; {@link Sampler#NONE} without. */
    public static Sampler sampler(Settings s, QueueDirectory queueDir, Path staging) {
        return s.profile == null ? Sampler.NONE
                : Profiler.attach(queueDir.nativeTempPath(), staging.resolve(SAMPLES)).every(s.profileInterval());
    }

    /**
     * The run's profile, its files written into {@code staging}; null without --profile. Between processes the
     * producer's JVM's samples are read too. Each JFR file is removed once read.
     */
    public static Profile finish(Sampler sampler, Settings s, StudyOutcome outcome, Path staging, PrintStream err) {
        if (!(sampler instanceof Profiler)) {
            return null;
        }
        Profiler p = (Profiler) sampler;
        List<Path> jfrs = new ArrayList<>();
        jfrs.add(p.samples());
        if (Files.exists(staging.resolve(PRODUCER_SAMPLES))) {
            jfrs.add(staging.resolve(PRODUCER_SAMPLES));
        } else if (s.betweenProcesses() && p.problem() == null) {
            err.println("queue-latency: the producer's JVM left no samples (its log says why): the profile holds the "
                    + "consumer's only");
        }
        Profile counted = new Profile();
        p.counters(counted); // ends perf stat, whose files go with it
        if (counted.countersProblem != null) {
            err.println("queue-latency: no processor counters: " + counted.countersProblem);
        }
        try {
            String problem = p.problem() != null ? p.problem() : outcome.slow == null ? "the run has no slow "
                    + "messages to split by (its loops did not end, or --no-attribution)" : null;
            Profile profile = problem != null ? Profile.notTaken(s.profile, problem)
                    : split(s, outcome, staging, jfrs, counted);
            if (!profile.taken()) {
                err.println("queue-latency: not profiled: " + profile.problem);
            }
            return profile;
        } finally {
            for (Path jfr : jfrs) {
                try {
                    Files.deleteIfExists(jfr);
                } catch (IOException e) {
                    err.println("queue-latency: " + jfr + " could not be removed: " + e.getMessage());
                }
            }
        }
    }

    private static Profile split(Settings s, StudyOutcome outcome, Path staging, List<Path> jfrs,
                                 Profile counted) {
        SlowLimit limit = SlowLimit.parse(s.profile);
        Histogram intended = outcome.histograms.get(Definition.INTENDED);
        long atPercentile = limit.percentile == null ? 0 : intended.getValueAtPercentile(limit.percentile.value);
        // Below the ring's floor a message may not have been kept: the limit is never lower.
        long slowNs = Math.max(limit.ns(atPercentile), outcome.slow.floorNs());
        long start = outcome.tailWindowStartNs;
        long end = start + s.durationNs;
        Flights flights = new Flights();
        outcome.slow.forEachSlow(start, end, slowNs, flights::add);
        try {
            ProfileSplit.Stacks stacks = ProfileSplit.split(jfrs, flights, start, end);
            Files.createDirectories(staging.resolve(Profile.DIR));
            Format.writeAll(stacks, staging, FORMATS);
            stacks.counts.counters = counted.counters;
            stacks.counts.countersProblem = counted.countersProblem;
            stacks.counts.slowLimit = s.profile;
            stacks.counts.intervalNs = s.profileInterval();
            stacks.counts.slowNs = slowNs;
            return stacks.counts;
        } catch (IOException | RuntimeException e) {
            return Profile.notTaken(s.profile, "the samples could not be split: " + e);
        }
    }

    static WholeFile.Content html(String collapsed, String title) throws IOException {
        byte[] page = FlameGraphs.html(collapsed, title);
        return tmp -> Files.write(tmp, page);
    }
}
