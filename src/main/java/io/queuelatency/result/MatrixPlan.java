package io.queuelatency.result;

import java.util.ArrayList;
import java.util.List;

/**
 * matrix.json: what a matrix run set out to do, written before its first cell, so that an interrupted matrix
 * can be resumed with the same settings and its report rebuilt from the cells that finished.
 */
public final class MatrixPlan {
    /** matrix.json's schema; docs/output.md says what each version adds. */
    public static final int SCHEMA_VERSION = 5;

    public String tool;
    public String runId;
    public String startedAt;
    public String configFile;
    /** What the matrix was asked (jvm-matrix.yaml under the command line's); matrix.json holds a matrix's part. */
    public Settings settings = Settings.DEFAULTS;
    public List<PlannedJvm> jvms = new ArrayList<>();
    /** Cell ids in the order they run: {@code <jvm id>-run<k>}; a capacity search adds each step's as it goes. */
    public List<CellId> cells = new ArrayList<>();
    /** A capacity search ({@code run-matrix.sh capacity}); null for a matrix. */
    public CapacityPlan capacity;
    /** --runs auto, each round's cells added to {@link #cells} before they run; null for a fixed number of runs. */
    public AutoPlan auto;

    /**
     * --runs auto: rounds of fresh JVMs, one cell per JVM with comparisons still open, until each is decided or the
     * budget is spent (decide.AutoRuns). The looks are fixed before the first cell: the error rate is spent over them.
     */
    public static final class AutoPlan {
        /**
         * The rounds before the first look. Five, not three: at 3 or 4 runs a comparison's interval is too narrow for
         * its stated level (docs/statistics.md).
         */
        public static final int FIRST_ROUNDS = 5;
        /** The runs of a fixed plan where auto cannot be (one JVM, a capacity search's steps). */
        public static final int FIXED_RUNS = 3;
        /** The default time budget: the time this many rounds of every JVM take (and a tenth more): looks 5, 6, 8. */
        public static final int BUDGET_ROUNDS = 8;

        public enum RoundsEnd {
            /** At a look, every comparison was decided (or cannot be: the host's, too few samples). */
            DECIDED,
            LAST_LOOK,
            /** The rounds up to the next look would not fit in the time budget left. */
            TIME_BUDGET
        }

        /** The most time the rounds may take, ns, counted as {@link #wallNs}. */
        public long timeBudgetNs;
        /** The rounds after which the runner looks, in order (5, 6, 8, 12, 16, ...); the last is the most it runs. */
        public List<Integer> looks = new ArrayList<>();
        /** Null while the rounds go on, or where they were stopped from outside (--resume goes on). */
        public RoundsEnd end;
        /** When they ended: the looks taken, the rounds run, and the time the cells took, ns (their own). */
        public int looksTaken;
        public int rounds;
        public long spentNs;
        /**
         * The time the budget counts, ns: from the first cell's start to the last one's end, the reports between
         * included, summed over each --resume; 0 where a version counted the cells' own time only.
         */
        public long wallNs;
    }

    /** The runs of a fixed plan and of a search's steps: as asked, or for --runs auto {@link AutoPlan#FIXED_RUNS}. */
    public static int fixedRuns(Settings s) {
        return s.runs != null ? s.runs : AutoPlan.FIXED_RUNS;
    }

    /**
     * The runs a fixed plan makes of each JVM: as asked, and with --profile a profiled run after every two of them (one
     * after the one of --runs 1), so that the runs asked for all stay unprofiled and the verdicts lose none of them.
     */
    public static int plannedRuns(Settings s) {
        int asked = fixedRuns(s);
        return s.profile == null ? asked : asked + Math.max(1, asked / 2);
    }

    /**
     * With --profile, whether run {@code run} of a JVM is profiled: every third (3, 6, 9, ...; run 2 of --runs 1),
     * interleaved with the others so that the host's drift falls on both alike. --runs auto adds rounds as it goes:
     * every third round is profiled, and the rounds between are the ones the verdicts rest on.
     */
    public static boolean profiled(Settings s, int run) {
        return s.profile != null && (s.runs != null && s.runs == 1 ? run == 2 : run % 3 == 0);
    }

    /** 1 for a fixed number of runs. */
    public int looks() {
        return auto == null ? 1 : Math.max(1, auto.looks.size());
    }

    /**
     * This host's share of a matrix split between hosts of one fingerprint (--share K/N): rounds K, K+N, ..., each
     * cell keeping its run number, so that the hosts' cells pooled are the whole plan's; null for the whole plan.
     */
    public Share share;

    public static final class Share {
        public final int part;
        public final int of;

        public Share(int part, int of) {
            this.part = part;
            this.of = of;
        }

        public boolean holds(int run) {
            return (run - 1) % of == part - 1;
        }
    }

    /** Keeps only the cells of {@code share}'s rounds. */
    public void keepShare(Share share) {
        this.share = share;
        cells.removeIf(c -> !share.holds(c.run));
    }

    /** The floor cells' numbers: floor cell k runs before round k, so before the first round and after each. */
    public List<Integer> floorCellNumbers() {
        java.util.TreeSet<Integer> numbers = new java.util.TreeSet<>();
        int first = Integer.MAX_VALUE;
        for (CellId c : cells) {
            first = Math.min(first, c.run);
            numbers.add(c.run + 1);
        }
        numbers.add(first == Integer.MAX_VALUE ? 1 : first);
        return new ArrayList<>(numbers);
    }

    /**
     * The java of the host's floor cells; null where each cell measures its floor in its JVM after its window (a
     * capacity search, a matrix stored before floor cells) or none is measured (--floor 0s).
     */
    public HostFloorPlan hostFloor;

    /** run-matrix.sh's own java, not a JVM under test: no JVM's compiler or collector is in the floor. */
    public static final class HostFloorPlan {
        public String javaHome;
        public String version;
        public String vmName;
        public int major;
        public List<String> jvmOptions = new ArrayList<>();
    }

    /**
     * A capacity search: per JVM the highest rate at which every budget holds, by steps up by {@link #factor}, then
     * halving the bracket until within {@link #resolution}. Each step's runs are cells
     * ({@code openjdk-17_R400000-run2}); what they cannot say is kept here.
     */
    public static final class CapacityPlan {
        public List<Budget> budgets = new ArrayList<>();
        /** msg/s (the tool's limit, or --max-rate). */
        public long maxRate;
        /** The lowest rate tried where the first step breaks. */
        public long minRate;
        public double factor = 2;
        public static final int DEFAULT_RESOLUTION_PERCENT = 10;
        /** Ends when the lowest rate that broke is within this of the highest that held (0.1: 10%). */
        public double resolution = DEFAULT_RESOLUTION_PERCENT / 100.0;
        /** ns (--time-budget): a step that would pass it is not started. */
        public long timeLimitNs;
        /** Per JVM id, why its search ended before its bracket was as narrow as {@link #resolution}. */
        public java.util.Map<String, String> ended = new java.util.LinkedHashMap<>();
        /** Per JVM id, the rate of a step that could not run, {@link #ended} saying why. */
        public java.util.Map<String, Long> notRun = new java.util.LinkedHashMap<>();
    }

    public static final class PlannedJvm {
        public String id;
        public String label;
        public boolean available;
        /** Why it did not run, and how to make it run. */
        public String unavailable;
        public String compiler;
        public String javaHome;
        public String vendor;
        public String version;
        public String vmName;
        public int major;
        public long warmupNs;
        /** The tool's (Chronicle's flags by version, Graal's), then the matrix's and the entry's. */
        public List<String> jvmOptions = new ArrayList<>();
        public boolean requiresGraalProof;
        /** With variants: the jvm-matrix.yaml entry and variant (id = entry_variant); else null. */
        public String entry;
        public String variant;
        /** The study's own options of its variant's cells (--pretouch); empty for none. */
        public List<String> studyOptions = new ArrayList<>();
    }

    public int size(CellId cell) {
        return cell.size != null ? cell.size : settings.size;
    }

    public long rate(CellId cell) {
        return cell.rate != null ? cell.rate : settings.rate;
    }

    public PlannedJvm jvm(String id) {
        for (PlannedJvm j : jvms) {
            if (j.id.equals(id)) {
                return j;
            }
        }
        return null;
    }
}
