package io.queuelatency.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.exit.StoredFileException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every stored file the committed examples hold, read and written back: the same bytes. Writers bind the model by its
 * fields in their declared order, so a field moved in result/ would reorder a file's keys; this says where.
 */
class StoredFilesTest {
    private static final Path REPORTS = Paths.get("reports");

    @TempDir
    Path tmp;

    interface ReadAndWrite {
        void copy(Path from, Path to) throws IOException;
    }

    @Test
    void resultsCellsEnvironmentsFloorsAndPlansWriteBackAsStored() throws IOException {
        int files = 0;
        files += each("result.json", (from, to) -> ResultJson.write(to, ResultJson.read(from)));
        files += each("cell.json", (from, to) -> ResultJson.write(to, ResultJson.readCell(from)));
        files += each("environment.json", (from, to) -> ResultJson.write(to, ResultJson.readEnvironment(from)));
        files += each("floor.json", (from, to) -> ResultJson.write(to, ResultJson.readFloorCell(from)));
        files += each("matrix.json", (from, to) -> MatrixPlanJson.write(MatrixPlanJson.read(from), to));
        files += each("fingerprint.json", (from, to) -> FingerprintJson.write(FingerprintJson.read(from), to));
        assertTrue(files > 200, files + " stored files");
    }

    /** A value of the wrong kind that binding alone would take (a null in a list, a number for a name): refused. */
    @Test
    void aPlanWithANullInAListOrANumberForANameIsRefused() throws IOException {
        String[][] broken = {
            {"example", "\"looks\" : [ 5, 6 ]", "\"looks\" : [ 5, null ]"},
            {"example", "\"end\" : \"LAST_LOOK\"", "\"end\" : 1"},
            {"example", "\"jvms\" : [ {", "\"jvms\" : [ null, {"},
            {"capacity-example", "\"factor\" : 2,", "\"factor\" : \"NaN\","},
        };
        for (String[] change : broken) {
            String plan = text(REPORTS.resolve(change[0]).resolve("matrix.json"), "");
            assertTrue(plan.contains(change[1]), change[1]);
            Path file = tmp.resolve("matrix.json");
            Files.write(file, plan.replace(change[1], change[2]).getBytes(StandardCharsets.UTF_8));
            assertThrows(StoredFileException.class, () -> MatrixPlanJson.read(file), change[2]);
        }
    }

    private int each(String name, ReadAndWrite readAndWrite) throws IOException {
        List<Path> stored;
        try (Stream<Path> walk = Files.walk(REPORTS)) {
            stored = walk.filter(p -> p.getFileName().toString().equals(name)).sorted().collect(Collectors.toList());
        }
        for (Path from : stored) {
            Path to = tmp.resolve(name);
            readAndWrite.copy(from, to);
            assertEquals(text(from, name), text(to, name), from.toString());
        }
        return stored.size();
    }

    /**
     * A plan stored before the JVMs' options named their compiler says "C2 (HotSpot)" for a C1-only JVM; the reader
     * corrects it (MatrixPlanJson), so a plan's compilers are left out of the comparison; a result's "timed" words
     * are the reading tool's.
     */
    static String text(Path file, String name) throws IOException {
        String text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        if (name.equals("result.json")) {
            // what was timed, in the words of the tool that reads it: they follow the message path
            return text.replaceFirst("(?s)\"timed\" : \\{.*?\n  \\}", "timed");
        }
        return name.equals("matrix.json") ? text.replaceAll("\"compiler\" : \"[^\"]*\"", "compiler") : text;
    }
}
