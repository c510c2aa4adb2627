package io.queuelatency.wings.fleet;

import io.queuelatency.cli.UsageError;
import io.queuelatency.matrix.MatrixRunner;
import io.queuelatency.result.CellId;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.text.Units;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import picocli.CommandLine;

/**
 * A matrix on several hosts (docs/fleet.md): one host's share of a fixed plan (--share K/N: rounds K, K+N, ...), and
 * what a plan takes in wall time on N hosts (--plan --hosts N), split and not.
 */
public final class FleetPlan {
    private FleetPlan() {
    }

    /** --share K/N, read: K from 1 to N. */
    public static final class ShareConverter implements CommandLine.ITypeConverter<MatrixPlan.Share> {
        @Override
        public MatrixPlan.Share convert(String value) {
            String[] kn = value.split("/");
            try {
                int part = Integer.parseInt(kn[0].trim());
                int of = kn.length == 2 ? Integer.parseInt(kn[1].trim()) : -1;
                if (of >= 1 && part >= 1 && part <= of) {
                    return new MatrixPlan.Share(part, of);
                }
            } catch (NumberFormatException e) {
                // said below
            }
            throw new CommandLine.TypeConversionException("'" + value + "' is not a share K/N: this host's part K of N "
                    + "hosts, 1 <= K <= N (e.g. --share 2/4)");
        }
    }

    /** The plan cut to {@code share}'s rounds; --runs auto, or a share with no round, is a usage error. */
    public static void keepShare(MatrixPlan plan, MatrixPlan.Share share) {
        if (plan.auto != null) {
            throw new UsageError("--share " + share.part + "/" + share.of + " splits a fixed number of runs: --runs "
                    + "auto decides after each look from all the runs so far, which hosts that split them do not see; "
                    + "give --runs N (--plan --hosts " + share.of + " shows the time)");
        }
        int rounds = rounds(plan);
        plan.keepShare(share);
        if (plan.cells.isEmpty()) {
            throw new UsageError("--share " + share.part + "/" + share.of + " leaves this host no round of the "
                    + rounds + " the plan has: split it between at most " + rounds + " hosts");
        }
    }

    private static int rounds(MatrixPlan plan) {
        return plan.cells.stream().mapToInt(c -> c.run).max().orElse(0);
    }

    /** --plan --hosts N of a fixed plan: its wall time split between N alike hosts, and on N that differ. */
    public static void print(PrintStream out, MatrixPlan plan, int hosts) {
        int rounds = rounds(plan);
        long wholeNs = MatrixRunner.estimateNs(plan, plan.cells);
        List<String> split = new ArrayList<>();
        long longestNs = 0;
        long totalNs = 0;
        int longest = 0;
        for (int k = 1; k <= Math.min(hosts, rounds); k++) {
            MatrixPlan.Share share = new MatrixPlan.Share(k, hosts);
            List<CellId> cells = plan.cells.stream().filter(c -> share.holds(c.run)).collect(Collectors.toList());
            long ns = MatrixRunner.estimateNs(plan, cells);
            split.add(Integer.toString((rounds - k) / hosts + 1));
            totalNs += ns;
            if (ns > longestNs) {
                longestNs = ns;
                longest = cells.size();
            }
        }
        out.printf(Locale.ROOT, "On %d hosts (each one study at a time, the hosts in parallel: fleet/fleet.yml):%n",
                hosts);
        out.printf(Locale.ROOT, "  one fingerprint, split (host K runs --share K/%d): the %d rounds as %s per host: "
                        + "about %s of wall time (the longest share: %d cells%s), %s of machine time in all; the fleet "
                        + "report pools the %d runs per JVM where the hosts' floors cannot be told apart%s%n",
                hosts, rounds, String.join(", ", split), Units.minutes(longestNs), longest,
                plan.hostFloor == null ? "" : " and its floor cells", Units.minutes(totalNs),
                rounds, hosts > rounds ? "; " + (hosts - rounds) + " host" + (hosts - rounds == 1 ? " gets" : "s get")
                        + " no round (at most " + rounds + " hosts share " + rounds + " runs)" : "");
        out.printf(Locale.ROOT, "  fingerprints that differ, not split: each host runs the whole plan, about %s of "
                + "wall time (%s of machine time in all), and each host type gets its own answer of %d runs per JVM%n",
                Units.minutes(wholeNs), Units.minutes(wholeNs * hosts), rounds);
    }

    /** --plan --hosts N of --runs auto: it cannot be split; not split, each host its own rounds. */
    public static void printAuto(PrintStream out, MatrixPlan plan, int hosts) {
        out.printf(Locale.ROOT, "On %d hosts: --runs auto is not split (--share needs a fixed --runs: the looks decide "
                        + "from all the runs so far, which hosts that split them do not see); not split, each host "
                        + "runs its own rounds, at most its time budget: about %s of wall time%n", hosts,
                Units.minutes(plan.auto.timeBudgetNs));
    }
}
