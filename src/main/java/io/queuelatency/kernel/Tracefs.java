package io.queuelatency.kernel;

import io.queuelatency.host.HostFacts;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * tracefs as {@link KernelTrace} uses it: who may trace (root), its instances (a killed run's swept, one removed
 * whole), the CPU mask and buffer sizes it takes, and the commands it runs (mount, umount).
 */
final class Tracefs {
    private Tracefs() {
    }

    /** At least {@link KernelTrace#BUFFER_KB}, at most its max and a sixteenth of the memory available. */
    static int cappedKb(long askedKb, int cpus, long memAvailableKb) {
        long cap = memAvailableKb < 0 ? KernelTrace.MAX_BUFFER_KB
                : Math.min(KernelTrace.MAX_BUFFER_KB, memAvailableKb / 16 / Math.max(1, cpus));
        return (int) Math.max(KernelTrace.BUFFER_KB, Math.min(askedKb, cap));
    }

    /** -1 where not readable. */
    static long memAvailableKb() {
        String kb = HostFacts.field(Paths.get("/proc/meminfo"), "MemAvailable:");
        return kb == null ? -1 : Long.parseLong(kb.replaceAll("[^0-9]", ""));
    }

    /** "3" for CPUs 0 and 1: hex words of 32 CPUs, comma-separated, most significant first. */
    static String cpuMask(int[] cpus) {
        int words = Math.max(0, Arrays.stream(cpus).max().orElse(0)) / 32 + 1;
        long[] w = new long[words];
        for (int c : cpus) {
            w[c / 32] |= 1L << (c % 32);
        }
        return IntStream.range(0, words).map(i -> words - 1 - i)
                .mapToObj(i -> String.format(Locale.ROOT, i == words - 1 ? "%x" : "%08x", w[i]))
                .collect(Collectors.joining(","));
    }

    /** Removes the instances of runs no longer alive; returns their names. */
    public static List<String> sweep() {
        List<String> removed = new ArrayList<>();
        File[] all = KernelTrace.TRACEFS.resolve("instances").toFile().listFiles();
        for (File f : all == null ? new File[0] : all) {
            String name = f.getName();
            if (!name.startsWith(KernelTrace.INSTANCE_PREFIX)) {
                continue;
            }
            try {
                String id = name.substring(KernelTrace.INSTANCE_PREFIX.length());
                String mounted = KernelTrace.MOUNTED;
                long pid = Long.parseLong(id.endsWith(mounted) ? id.substring(0, id.length() - mounted.length()) : id);
                if (!Files.exists(Paths.get("/proc", Long.toString(pid))) && remove(f.toPath()) == null) {
                    removed.add(name);
                }
            } catch (NumberFormatException e) {
                // not one of ours
            }
        }
        return removed;
    }

    static String remove(Path instance) {
        for (int attempt = 0; attempt < 20; attempt++) {
            if (!Files.exists(instance) || instance.toFile().delete()) {
                return null; // rmdir: tracefs removes an instance whole
            }
            try {
                TimeUnit.MILLISECONDS.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return "the tracing instance " + instance + " could not be removed (the next run removes it)";
    }

    static boolean isRoot() {
        String uids = HostFacts.field(Paths.get("/proc/self/status"), "Uid:");
        String[] f = uids == null ? new String[0] : uids.trim().split("\\s+");
        return f.length > 1 && "0".equals(f[1]); // the effective uid
    }

    /** Null when it succeeded, else its first line of complaint. */
    static String run(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            byte[] out = new byte[4096];
            int n = p.getInputStream().read(out);
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "timed out";
            }
            String text = n > 0 ? new String(out, 0, n, StandardCharsets.UTF_8).trim() : "";
            return p.exitValue() == 0 ? null : text.isEmpty() ? "exit " + p.exitValue() : text.split("\n")[0];
        } catch (IOException e) {
            return e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }
}
