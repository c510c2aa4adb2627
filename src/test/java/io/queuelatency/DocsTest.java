package io.queuelatency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.stats.OverRuns;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * README.md and docs/ say what the code does: their links lead somewhere, and the figures they quote are the code's.
 */
class DocsTest {
    private static List<Path> documents() throws IOException {
        List<Path> docs = new ArrayList<>();
        docs.add(Paths.get("README.md"));
        try (Stream<Path> files = Files.list(Paths.get("docs"))) {
            files.filter(f -> f.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        return docs;
    }

    @Test
    void everyRelativeLinkInTheReadmeAndDocsLeadsToAFileOrFolderThatExists() throws IOException {
        Pattern link = Pattern.compile("\\]\\(([^)#\\s]+)(#[^)]*)?\\)");
        int checked = 0;
        for (Path doc : documents()) {
            Matcher m = link.matcher(new String(Files.readAllBytes(doc), StandardCharsets.UTF_8));
            while (m.find()) {
                String target = m.group(1);
                if (target.contains("://")) {
                    continue;
                }
                Path resolved = doc.toAbsolutePath().getParent().resolve(target).normalize();
                assertTrue(Files.exists(resolved), doc + " links to " + target + ", which does not exist");
                checked++;
            }
        }
        assertTrue(checked >= 20, "the documents link to each other: " + checked);
    }

    @Test
    void theConfidenceTableInStatisticsIsWhatTheReportsState() throws IOException {
        String text = new String(Files.readAllBytes(Paths.get("docs/statistics.md")), StandardCharsets.UTF_8);
        Matcher row = Pattern.compile("\\| (\\d+) \\| [^|]+ \\| ([0-9.]+%) \\|").matcher(text);
        int rows = 0;
        while (row.find()) {
            int runs = Integer.parseInt(row.group(1));
            assertEquals(io.queuelatency.text.Units.percent(OverRuns.confidenceOf(runs)), row.group(2), runs + " runs");
            rows++;
        }
        assertTrue(rows >= 9, "the table has a row per count of runs: " + rows);
    }

    @Test
    void theReadmeFitsOnAFewScreensAndItsExamplesUseNoOptionThatWarns() throws IOException {
        List<String> lines = Files.readAllLines(Paths.get("README.md"));
        assertTrue(lines.size() <= 220, "README.md is a page a newcomer reads whole: " + lines.size() + " lines");
        for (String line : lines) {
            assertTrue(!line.contains("--warmup 5s"),
                    "a warm-up that ends before the first index array warns: " + line);
        }
    }
}
