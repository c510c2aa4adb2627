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
import java.util.Collections;
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

    /** The documents whose numbers about the committed examples are citations: README, docs/, each example's. */
    private static List<Path> citingDocuments() throws IOException {
        List<Path> docs = documents();
        try (Stream<Path> dirs = Files.list(Paths.get("reports"))) {
            dirs.map(d -> d.resolve("README.md")).filter(Files::exists).sorted().forEach(docs::add);
        }
        docs.add(Paths.get("reports/README.md"));
        return docs;
    }

    /**
     * Every number cited from a committed file reads as the file says ({@link DocCitation}). With
     * {@code -Ddocs.rewrite=true} the texts are rewritten from the files instead (after an example is measured
     * again: then read the sentences around them, which the files do not check).
     */
    @Test
    void everyNumberCitedFromAFileIsTheFilesValue() throws IOException {
        boolean rewrite = Boolean.getBoolean("docs.rewrite");
        List<String> wrong = new ArrayList<>();
        List<String> broken = new ArrayList<>();
        int checked = 0;
        for (Path doc : citingDocuments()) {
            String text = new String(Files.readAllBytes(doc), StandardCharsets.UTF_8);
            StringBuilder rewritten = new StringBuilder(text);
            List<DocCitation> citations = DocCitation.in(text);
            for (int i = citations.size() - 1; i >= 0; i--) {
                DocCitation c = citations.get(i);
                String expected;
                try {
                    expected = c.expected(doc);
                } catch (IOException | RuntimeException e) {
                    broken.add(doc + ": [" + c.text + "](" + c.file + "#" + c.pointer + "): " + e.getMessage());
                    continue;
                }
                if (!expected.equals(c.text)) {
                    wrong.add(doc + ": [" + c.text + "](" + c.file + "#" + c.pointer + ") reads " + expected);
                    rewritten.replace(c.start, c.end, expected);
                }
                checked++;
            }
            if (rewrite && !rewritten.toString().equals(text)) {
                Files.write(doc, rewritten.toString().getBytes(StandardCharsets.UTF_8));
            }
        }
        if (!rewrite) {
            broken.addAll(wrong);
        }
        assertEquals(Collections.emptyList(), broken,
                "numbers cited from the committed files (-Ddocs.rewrite=true rewrites those that read otherwise)");
        assertTrue(checked >= 10, "the documents cite the examples' numbers: " + checked);
    }

    @Test
    void everyRelativeLinkInTheReadmeAndDocsLeadsToAFileOrFolderThatExists() throws IOException {
        Pattern link = Pattern.compile("\\]\\(([^)#\\s]+)(#[^)]*)?\\)");
        int checked = 0;
        for (Path doc : citingDocuments()) {
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

    /** A class the documents name by its full name (io.queuelatency.workload.Workload, for a user to implement). */
    @Test
    void everyClassTheDocumentsNameInFullExists() throws IOException {
        Pattern named = Pattern.compile("io\\.queuelatency(\\.[a-z]+)*\\.[A-Z]\\w*");
        List<String> missing = new ArrayList<>();
        int checked = 0;
        for (Path doc : documents()) {
            Matcher m = named.matcher(new String(Files.readAllBytes(doc), StandardCharsets.UTF_8));
            while (m.find()) {
                try {
                    Class.forName(m.group(), false, DocsTest.class.getClassLoader());
                } catch (ClassNotFoundException e) {
                    missing.add(doc + ": " + m.group());
                }
                checked++;
            }
        }
        assertEquals(Collections.emptyList(), missing, "classes the documents name");
        assertTrue(checked >= 3, "the documents name the workload's interface: " + checked);
    }

    /** A matrix file's comment that sends the reader to a document's section, {@code docs/x.md ("Section")}. */
    @Test
    void everySectionAMatrixFileNamesExistsInTheDocumentItNames() throws IOException {
        List<Path> files = new ArrayList<>();
        files.add(Paths.get("jvm-matrix.yaml"));
        for (String dir : new String[] {"matrices", "bench"}) {
            try (Stream<Path> all = Files.list(Paths.get(dir))) {
                all.filter(f -> f.toString().endsWith(".yaml") || f.toString().endsWith(".sh")).forEach(files::add);
            }
        }
        Pattern pointer = Pattern.compile("(\\S+\\.md) \\((\"[^\"]+\"(?:, \"[^\"]+\")*)\\)");
        int checked = 0;
        for (Path f : files) {
            Matcher m = pointer.matcher(new String(Files.readAllBytes(f), StandardCharsets.UTF_8));
            while (m.find()) {
                Path doc = Paths.get(m.group(1));
                assertTrue(Files.exists(doc), f + " names " + doc + ", which does not exist");
                String text = new String(Files.readAllBytes(doc), StandardCharsets.UTF_8);
                for (String section : m.group(2).substring(1, m.group(2).length() - 1).split("\", \"")) {
                    boolean heading = Pattern.compile("(?m)^#+ " + Pattern.quote(section) + "$").matcher(text).find();
                    assertTrue(heading || text.contains("**" + section + ".**"),
                            f + " names the section \"" + section + "\" of " + doc + ", which it has not");
                    checked++;
                }
            }
        }
        assertTrue(checked >= 3, "the matrix files point to their documentation: " + checked);
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
