package io.queuelatency.decide;

import io.queuelatency.result.Definition;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.RunResult;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The host's floor of a matrix, one for every JVM: the bare hand-off between the two pinned CPUs, estimated over the
 * floors as {@link Estimate} does over runs; a floor whose threads could not be pinned is left out.
 */
public final class HostFloor {
    /** The matrix's floor cells (in time order); a matrix stored before them: each cell's, after its window; none. */
    public enum Source { FLOOR_CELLS, IN_EACH_JVM, NONE }

    public final Source source;
    /** The floors counted, in time order (floor cells) or cell order (inside each JVM), and their names. */
    public final List<RunResult.Floor> floors;
    public final List<String> names;
    /** The floor cells in time order, counted or not (not finished, a pin that failed); empty unless FLOOR_CELLS. */
    public final List<MatrixData.StoredFloorCell> cells;
    private final Map<Definition, Map<Percentile, Estimate>> estimates = new EnumMap<>(Definition.class);

    private HostFloor(Source source, List<String> names, List<RunResult.Floor> floors,
                      List<MatrixData.StoredFloorCell> cells) {
        this.source = floors.isEmpty() ? Source.NONE : source;
        this.names = Collections.unmodifiableList(names);
        this.floors = Collections.unmodifiableList(floors);
        this.cells = Collections.unmodifiableList(cells);
        for (Definition d : new Definition[] {Definition.INTENDED, Definition.ACTUAL}) {
            Map<Percentile, Estimate> byPercentile = new LinkedHashMap<>();
            for (Percentile p : floors.isEmpty() ? Collections.<Percentile>emptyList() : Percentile.REPORTED) {
                Estimate e = Estimate.ofFloor(names, floors, d, p);
                if (e != null) {
                    byPercentile.put(p, e);
                }
            }
            estimates.put(d, byPercentile);
        }
    }

    /** The matrix's floor cells where it has them; else the floors of the counted runs of {@code jvms}. */
    static HostFloor of(MatrixData data, List<MatrixPlan.PlannedJvm> jvms) {
        List<String> names = new ArrayList<>();
        List<RunResult.Floor> floors = new ArrayList<>();
        if (data.plan.hostFloor != null) {
            for (MatrixData.StoredFloorCell c : data.floorCells) {
                if (counts(c.result == null ? null : c.result.floor)) {
                    names.add(c.name());
                    floors.add(c.result.floor);
                }
            }
            return new HostFloor(Source.FLOOR_CELLS, names, floors, data.floorCells);
        }
        for (MatrixPlan.PlannedJvm j : jvms) {
            for (Estimate.StoredRun run : data.statisticRuns(j)) {
                if (counts(run.result.floor)) {
                    names.add(run.name);
                    floors.add(run.result.floor);
                }
            }
        }
        return new HostFloor(Source.IN_EACH_JVM, names, floors,
                Collections.<MatrixData.StoredFloorCell>emptyList());
    }

    private static boolean counts(RunResult.Floor f) {
        return f != null && f.measured() && f.warning == null;
    }

    /** The host's floor at {@code p}; null where none was measured, or for the in-queue latency (no write). */
    public Estimate at(Definition d, Percentile p) {
        Map<Percentile, Estimate> byPercentile = estimates.get(d);
        return byPercentile == null ? null : byPercentile.get(p);
    }

    public boolean measured() {
        return source != Source.NONE;
    }

    /** The lowest and the highest of the floors' values at {@code p} (intended): its spread over the matrix. */
    public double[] spread(Percentile p) {
        double lo = Double.MAX_VALUE;
        double hi = 0;
        for (RunResult.Floor f : floors) {
            double v = f.intended.ns(p);
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        return floors.isEmpty() ? new double[0] : new double[] {lo, hi};
    }
}
