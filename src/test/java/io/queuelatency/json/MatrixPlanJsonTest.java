package io.queuelatency.json;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.queuelatency.exit.StoredFileException;
import io.queuelatency.result.Budget;
import io.queuelatency.result.CellId;
import io.queuelatency.result.MatrixPlan;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** matrix.json written field by field: the bytes its writer has always written (the golden files). */
class MatrixPlanJsonTest {
    private static final Path GOLDEN = Paths.get("src/test/resources/matrix-plan");

    @TempDir
    Path tmp;

    /**
     * A capacity search's plan (base.json: reports/capacity-example/matrix.json as committed before its re-measure in
     * 7de922f, kept here so that a new measurement does not change the golden) with every field set.
     */
    private static MatrixPlan everyField() {
        MatrixPlan p = MatrixPlanJson.read(GOLDEN.resolve("base.json"));
        p.capacity.ended.put("openjdk-17", "a step could not run: x \"y\"");
        p.capacity.notRun.put("openjdk-17", 123456L);
        p.capacity.factor = 1.5;
        p.capacity.resolution = 0.05;
        p.capacity.budgets.add(new Budget(99.99, 20000));
        MatrixPlan.PlannedJvm j = p.jvms.get(0);
        j.unavailable = "no";
        j.available = false;
        j.entry = "e";
        j.variant = "v";
        j.studyOptions.add("--pretouch");
        p.cells.add(new CellId("openjdk-21_zgc", 1024, 5000L, 3));
        p.settings = p.settings.toBuilder().runs(null).timeBudgetNs(3_600_000_000_000L).build();
        p.auto = new MatrixPlan.AutoPlan();
        p.auto.timeBudgetNs = 3_600_000_000_000L;
        p.auto.looks.addAll(java.util.Arrays.asList(3, 4, 6));
        p.auto.end = MatrixPlan.AutoPlan.RoundsEnd.TIME_BUDGET;
        p.auto.looksTaken = 2;
        p.auto.rounds = 4;
        p.auto.spentNs = 3_500_000_000_000L;
        p.auto.wallNs = 3_560_000_000_000L;
        p.hostFloor = new MatrixPlan.HostFloorPlan();
        p.hostFloor.javaHome = "/usr/lib/jvm/java-21-openjdk-amd64";
        p.hostFloor.version = "21.0.7+6-Debian-1";
        p.hostFloor.vmName = "OpenJDK 64-Bit Server VM";
        p.hostFloor.major = 21;
        p.hostFloor.jvmOptions.add("-Xms2g");
        return p;
    }

    private void writesAsGolden(MatrixPlan plan, String golden) throws IOException {
        Path written = tmp.resolve(golden);
        MatrixPlanJson.write(plan, written);
        assertArrayEquals(Files.readAllBytes(GOLDEN.resolve(golden)), Files.readAllBytes(written), golden);
    }

    @Test
    void aPlanWithEveryFieldSetIsWrittenAsAlways() throws IOException {
        writesAsGolden(everyField(), "every-field.json");
    }

    @Test
    void aPlanOfDefaultsIsWrittenWithItsNulls() throws IOException {
        MatrixPlan plan = new MatrixPlan();
        plan.jvms.add(new MatrixPlan.PlannedJvm());
        writesAsGolden(plan, "defaults.json");
    }

    @Test
    void whatIsWrittenReadsBackToTheSamePlan() throws IOException {
        MatrixPlan back = MatrixPlanJson.read(GOLDEN.resolve("every-field.json"));
        writesAsGolden(back, "every-field.json");
        assertEquals(new CellId("openjdk-21_zgc", 1024, 5000L, 3), back.cells.get(back.cells.size() - 1));
        assertEquals(123456L, (long) back.capacity.notRun.get("openjdk-17"));
        assertEquals(new Budget(99.99, 20000), back.capacity.budgets.get(1));
        assertEquals(null, back.settings.runs, "runs: auto");
        assertEquals(java.util.Arrays.asList(3, 4, 6), back.auto.looks);
        assertEquals(3, back.looks());
        assertEquals(MatrixPlan.AutoPlan.RoundsEnd.TIME_BUDGET, back.auto.end);
        assertEquals("/usr/lib/jvm/java-21-openjdk-amd64", back.hostFloor.javaHome);
        assertEquals(21, back.hostFloor.major);
    }

    @Test
    void looksThatDoNotRiseAreTheFilesProblem() throws IOException {
        String stored = new String(Files.readAllBytes(GOLDEN.resolve("every-field.json")), StandardCharsets.UTF_8);
        Path broken = tmp.resolve("matrix.json");
        Files.write(broken, stored.replaceFirst("\"looks\" : \\[ 3, 4, 6 \\]", "\"looks\" : [ 3, 3, 6 ]")
                .getBytes(StandardCharsets.UTF_8));
        assertThrows(StoredFileException.class, () -> MatrixPlanJson.read(broken));
    }

    @Test
    void aCellThatIsNoCellIdIsTheFilesProblem() throws IOException {
        String stored = new String(Files.readAllBytes(GOLDEN.resolve("every-field.json")), StandardCharsets.UTF_8);
        Path broken = tmp.resolve("matrix.json");
        Files.write(broken, stored.replace("\"openjdk-17_R100000-run1\"", "\"openjdk-17\"")
                .getBytes(StandardCharsets.UTF_8));
        assertThrows(StoredFileException.class, () -> MatrixPlanJson.read(broken));
    }
}
