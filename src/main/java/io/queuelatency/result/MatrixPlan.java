package io.queuelatency.result;

import java.util.ArrayList;
import java.util.List;

/**
 * matrix.json: what a matrix run set out to do, written before its first cell, so that an interrupted matrix
 * can be resumed with the same settings and its report rebuilt from the cells that finished.
 */
public final class MatrixPlan {
    /**
     * matrix.json's schema: 2 adds settings.margin, settings.sizes and .rates (sweeps), and jvms[].entry and
     * .variant where the matrix has variants; 3 adds capacity (a capacity search: its budgets, and what it
     * could not run); 4 adds auto (--runs auto: the time budget, the looks, how the rounds ended) and
     * settings.timeBudgetNs, settings.runs may be "auto", and hostFloor (the java of the matrix's floor cells).
     */
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
    /**
     * A matrix that runs until decided (--runs auto): null for a fixed number of runs, whose {@link #cells} are the
     * whole plan. Here each round's cells are added to {@link #cells} before they run.
     */
    public AutoPlan auto;

    /**
     * --runs auto: rounds of fresh JVMs, one cell of each JVM whose comparisons are still open per round, until each is
     * decided or the time budget is spent (decide.AutoRuns). The looks are fixed before the first cell, so that the
     * error rate can be spent over them: 5% spent over the looks, each look's share by Holm's step-down
     * (decide.AutoRuns#alphaAt).
     */
    public static final class AutoPlan {
        /**
         * The rounds before the first look: the fewest runs per JVM. Five, not three: the interval of a comparison
         * takes its spread from two runs' values, and at 3 or 4 runs it is too narrow for its stated level (a
         * single comparison at a nominal 0.56% says "faster" of equal JVMs in 1.9% at 3 runs, 0.78% at 4, 0.64% at
         * 5, 0.30% at 6: docs/statistics.md).
         */
        public static final int FIRST_ROUNDS = 5;
        /** The runs of a fixed plan where auto cannot be (one JVM, a capacity search's steps). */
        public static final int FIXED_RUNS = 3;
        /** The default time budget: the time this many rounds of every JVM take (and a tenth more): looks 5, 6, 8. */
        public static final int BUDGET_ROUNDS = 8;

        /** How the rounds ended. */
        public enum RoundsEnd {
            /** At a look, every comparison of every JVM was decided (or cannot be: the host's, too few samples). */
            DECIDED,
            /** The last look of the schedule was taken with comparisons still open. */
            LAST_LOOK,
            /** The rounds up to the next look would not fit in the time budget left. */
            TIME_BUDGET
        }

        /**
         * The most time the rounds may take, ns, counted as {@link #wallNs}: as asked, or the default (see
         * Settings.timeBudgetNs).
         */
        public long timeBudgetNs;
        /** The rounds after which the runner looks, in order (5, 6, 8, 12, 16, ...); the last is the most it runs. */
        public List<Integer> looks = new ArrayList<>();
        /** How the rounds ended; null while they go on, or where they were stopped from outside (--resume goes on). */
        public RoundsEnd end;
        /** When they ended: the looks taken, the rounds run, and the time the cells took, ns (their own). */
        public int looksTaken;
        public int rounds;
        public long spentNs;
        /**
         * The time the budget counts, ns: every second from the first cell's start (the first floor cell's) to the
         * last one's end, the reports rebuilt between cells included, summed over the stretches a --resume adds; 0
         * in a matrix of a version that counted the cells' own time only ({@link #spentNs}).
         */
        public long wallNs;
    }

    /** The runs of a fixed plan and of a search's steps: as asked, or for --runs auto {@link AutoPlan#FIXED_RUNS}. */
    public static int fixedRuns(Settings s) {
        return s.runs != null ? s.runs : AutoPlan.FIXED_RUNS;
    }

    /** How many looks the error rate is spent over: 1 for a fixed number of runs. */
    public int looks() {
        return auto == null ? 1 : Math.max(1, auto.looks.size());
    }

    /**
     * This host's share of a matrix split between hosts of one fingerprint (--share K/N): it runs rounds K, K+N,
     * K+2N, ... of the fixed plan, each cell keeping its run number, so that the hosts' cells pooled are the whole
     * plan's; null for the whole plan.
     */
    public Share share;

    /** Rounds {@link #part}, part + {@link #of}, ... of the plan: one host's share among {@code of}. */
    public static final class Share {
        public final int part;
        public final int of;

        public Share(int part, int of) {
            this.part = part;
            this.of = of;
        }

        /** Whether round {@code run} is this share's. */
        public boolean holds(int run) {
            return (run - 1) % of == part - 1;
        }
    }

    /** Keeps only the cells of {@code share}'s rounds (the plan's cells of a fixed number of runs). */
    public void keepShare(Share share) {
        this.share = share;
        cells.removeIf(c -> !share.holds(c.run));
    }

    /**
     * The host's floor cells the plan measures, by number: floor cell k runs before round k, so before this plan's
     * first round (1, or a share's first) and after each of its rounds (k + 1).
     */
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
     * The host's floor, measured in floor cells of their own (before the first round of cells and after each) on
     * this java; null where each cell measures its floor inside its JVM after its window (a capacity search, a matrix
     * stored before floor cells) or none is measured (--floor 0s).
     */
    public HostFloorPlan hostFloor;

    /**
     * The java of a matrix's floor cells: run-matrix.sh's own, the same for the whole matrix (--resume too), not a JVM
     * under test, so that no JVM's compiler or collector is in the floor it is judged against.
     */
    public static final class HostFloorPlan {
        public String javaHome;
        public String version;
        public String vmName;
        public int major;
        /** The flags the tool gives a JVM of its version. */
        public List<String> jvmOptions = new ArrayList<>();
    }

    /**
     * A capacity search: per JVM the highest rate at which every budget holds, found by steps up by {@link #factor}
     * from the plan's rate, then halving the bracket (geometrically) until its ends are within {@link #resolution}.
     * Each step's runs are cells with their rate ({@code openjdk-17_R400000-run2}); what the cells cannot say is kept
     * here: steps that could not run, and why a JVM's search ended early.
     */
    public static final class CapacityPlan {
        public List<Budget> budgets = new ArrayList<>();
        /** The highest rate tried, msg/s (the tool's limit, or --max-rate). */
        public long maxRate;
        /** The lowest rate tried where the first step breaks, msg/s. */
        public long minRate;
        /** Each step up multiplies the rate by this. */
        public double factor = 2;
        /** The default {@link #resolution}, percent: written once, for the code and the option's help. */
        public static final int DEFAULT_RESOLUTION_PERCENT = 10;
        /** The search ends when the lowest rate that broke is within this of the highest that held (0.1: 10%). */
        public double resolution = DEFAULT_RESOLUTION_PERCENT / 100.0;
        /** The time the search may take, ns (--time-budget): a step that would pass it is not started. */
        public long timeLimitNs;
        /**
         * Per JVM id, why its search ended before its bracket was as narrow as {@link #resolution} (a step that could
         * not run, time).
         */
        public java.util.Map<String, String> ended = new java.util.LinkedHashMap<>();
        /** Per JVM id, the rate of a step that could not run (checked before it), with {@link #ended} saying why. */
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
        /** What the tool adds (Chronicle's flags by version, Graal's), then the matrix's and the entry's options. */
        public List<String> jvmOptions = new ArrayList<>();
        public boolean requiresGraalProof;
        /**
         * With variants: the jvm-matrix.yaml entry and the variant this JVM-variant is made of (id = entry_variant);
         * else null.
         */
        public String entry;
        public String variant;
        /** The study's own options of its variant's cells (--pretouch); empty for none. */
        public List<String> studyOptions = new ArrayList<>();
    }

    /** The message size of a cell: its own where the matrix sweeps sizes, else the plan's. */
    public int size(CellId cell) {
        return cell.size != null ? cell.size : settings.size;
    }

    /** The rate of a cell: its own where the matrix sweeps rates, else the plan's. */
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
