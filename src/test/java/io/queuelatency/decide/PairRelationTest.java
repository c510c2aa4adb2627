package io.queuelatency.decide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.queuelatency.result.CpuPair.Relation;
import io.queuelatency.result.Definition;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cells of a matrix measured on pairs of different relations are not pooled: the matrix's relation is the one most of
 * its valid cells recorded (a tie goes to the earliest cell's), and a cell on another is left out of every estimate.
 */
class PairRelationTest {
    @TempDir
    Path tmp;

    private static MatrixPlan.PlannedJvm jvm(Analysis a, String id) {
        return a.data.plan.jvm(id);
    }

    private static List<String> ids(List<MatrixData.Cell> cells) {
        List<String> out = new ArrayList<>();
        for (MatrixData.Cell c : cells) {
            out.add(c.id.toString());
        }
        return out;
    }

    @Test
    void aCellOnAnotherRelationIsLeftOutAndTheEstimateIsThatOfTheOthers() throws Exception {
        MatrixFixture mixed = new MatrixFixture().jvm("openjdk-17", 1.0, 1.02, 0.98, 3.0).jvm("openjdk-21", 1.1, 1.0,
                1.05, 1.02);
        mixed.relation = Relation.SHARED_L3;
        mixed.relationOf.put("openjdk-17-run4", Relation.ACROSS_SOCKETS);
        Analysis a = mixed.analyse(Files.createDirectory(tmp.resolve("mixed")));
        assertEquals(Relation.SHARED_L3, a.data.pairRelation());
        assertEquals(Collections.singletonList("openjdk-17-run4"), ids(a.data.cellsOnAnotherPair()));
        assertEquals(3, a.data.statisticRuns(jvm(a, "openjdk-17")).size());
        assertEquals(4, a.data.statisticRuns(jvm(a, "openjdk-21")).size());

        MatrixFixture without = new MatrixFixture().jvm("openjdk-17", 1.0, 1.02, 0.98).jvm("openjdk-21", 1.1, 1.0,
                1.05, 1.02);
        without.relation = Relation.SHARED_L3;
        Analysis b = without.analyse(Files.createDirectory(tmp.resolve("without")));
        for (Percentile p : Percentile.REPORTED) {
            assertEquals(b.estimate(jvm(b, "openjdk-17"), Definition.INTENDED, p).value,
                    a.estimate(jvm(a, "openjdk-17"), Definition.INTENDED, p).value, p.name());
        }
    }

    @Test
    void theMostCellsDecideTheRelationNotTheFirst() throws Exception {
        MatrixFixture f = new MatrixFixture().jvm("openjdk-17", 1.0, 1.0, 1.0).jvm("openjdk-21", 1.0, 1.0, 1.0);
        f.relation = Relation.SMT_SIBLINGS;
        f.relationOf.put("openjdk-17-run1", Relation.SHARED_L3);
        Analysis a = f.analyse(tmp);
        assertEquals(Relation.SMT_SIBLINGS, a.data.pairRelation());
        assertEquals(Collections.singletonList("openjdk-17-run1"), ids(a.data.cellsOnAnotherPair()));
    }

    @Test
    void aTieGoesToTheEarliestCellsRelation() throws Exception {
        MatrixFixture f = new MatrixFixture().jvm("openjdk-17", 1.0).jvm("openjdk-21", 1.0);
        f.relationOf.put("openjdk-17-run1", Relation.ACROSS_L3);
        f.relationOf.put("openjdk-21-run1", Relation.SHARED_L3);
        Analysis a = f.analyse(tmp);
        assertEquals(Relation.ACROSS_L3, a.data.pairRelation());
        assertEquals(Arrays.asList("openjdk-21-run1"), ids(a.data.cellsOnAnotherPair()));
        assertEquals(0, a.data.statisticRuns(jvm(a, "openjdk-21")).size());
    }

    @Test
    void resultsStoredBeforeTheRelationWasAreAllCounted() throws Exception {
        MatrixFixture f = new MatrixFixture().jvm("openjdk-17", 1.0, 1.1).jvm("openjdk-21", 1.0, 1.2);
        f.relationOf.put("openjdk-17-run2", Relation.SMT_SIBLINGS);
        Analysis a = f.analyse(tmp);
        assertEquals(Relation.SMT_SIBLINGS, a.data.pairRelation());
        assertEquals(Collections.emptyList(), ids(a.data.cellsOnAnotherPair())); // the others recorded none
        MatrixFixture old = new MatrixFixture().jvm("openjdk-17", 1.0, 1.1);
        Analysis b = old.analyse(Files.createDirectory(tmp.resolve("old")));
        assertNull(b.data.pairRelation());
        assertEquals(2, b.data.statisticRuns(jvm(b, "openjdk-17")).size());
    }
}
