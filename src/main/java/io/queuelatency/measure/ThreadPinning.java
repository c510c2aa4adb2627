package io.queuelatency.measure;

import io.queuelatency.result.Warning;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import net.openhft.affinity.Affinity;
import net.openhft.affinity.impl.LinuxHelper;

/** Pins the calling thread to one CPU and checks that it took; a failure is a warning, never silence. */
public final class ThreadPinning {
    /** Listings of this JVM's threads taken at most, each moving those the last did not list. */
    static final int MOVE_PASSES = 5;

    private ThreadPinning() {
    }

    /**
     * Moves every thread of this JVM (and so those they start later, which inherit the mask) off the measured CPUs,
     * before the producer and consumer pin themselves. Returns where the other threads run, said for the result.
     */
    public static String keepOthersOff(List<Integer> allowed, int producerCpu, int consumerCpu) {
        List<Integer> list = allowed.stream().filter(cpu -> cpu != producerCpu && cpu != consumerCpu)
                .collect(Collectors.toList());
        BitSet others = new BitSet();
        list.forEach(others::set);
        if (list.isEmpty()) {
            return "the JVM's other threads share the measured CPUs (no other CPU here)";
        }
        String where = io.queuelatency.host.CpuList.format(list);
        // Until a listing shows no new thread: the first move loads the native library, which starts one.
        Set<String> seen = new HashSet<>();
        int moved = 0;
        String failed = null;
        for (int pass = 0; pass < MOVE_PASSES; pass++) {
            File[] tasks = new File("/proc/self/task").listFiles();
            if (tasks == null) {
                return "the JVM's other threads were not moved off the measured CPUs (no /proc/self/task)";
            }
            boolean found = false;
            for (File task : tasks) {
                if (!seen.add(task.getName())) {
                    continue;
                }
                found = true;
                try {
                    LinuxHelper.sched_setaffinity(Integer.parseInt(task.getName()), others);
                    moved++;
                } catch (Throwable e) { // a thread that ended meanwhile, or no native library
                    failed = e.toString();
                }
            }
            if (!found) {
                break;
            }
        }
        return failed == null || moved > 0 ? "the JVM's other threads on CPU" + (list.size() == 1 ? " " : "s ") + where
                : "the JVM's other threads were not moved off the measured CPUs: " + failed;
    }

    /** The calling thread's id in the kernel (Linux: /proc/thread-self is "pid/task/tid"); -1 elsewhere. */
    public static int currentThread() {
        try {
            return Integer.parseInt(Files.readSymbolicLink(Paths.get("/proc/thread-self")).getFileName().toString());
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** Null when the calling thread now runs on {@code cpu} only, else why not. */
    static Warning pinCurrentThread(String role, int cpu) {
        try {
            Affinity.setAffinity(cpu);
            BitSet now = Affinity.getAffinity();
            if (now.cardinality() == 1 && now.get(cpu)) {
                return null;
            }
            return new Warning.PinFailed(role, cpu, "its affinity is " + now + " after setAffinity");
        } catch (Throwable e) { // a missing native library shows as an Error
            return new Warning.PinFailed(role, cpu, e.toString());
        }
    }
}
