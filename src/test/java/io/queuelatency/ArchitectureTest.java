package io.queuelatency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The house rules of docs/architecture.md, checked on the sources as a Java parser reads them: which package may
 * use which; the model (result/) formats no words; the size of a class and of a method; at most six parameters;
 * one simple name for one type; a definition's stored name spelled once; lines of at most 120 characters; a report's
 * files made by its formats.
 */
class ArchitectureTest {
    private static final Path MAIN = Paths.get("src/main/java/io/queuelatency");
    private static final Path TEST = Paths.get("src/test/java/io/queuelatency");
    private static final int MAX_CLASS_LINES = 400;
    private static final int MAX_METHOD_LINES = 60;
    private static final int MAX_PARAMETERS = 6;
    private static final int MAX_LINE = 120;

    /** Per package, the project packages it must not use (its files' imports and fully qualified names). */
    private static final Map<String, List<String>> FORBIDDEN = new LinkedHashMap<>();
    /**
     * Signatures allowed more than six parameters: a hot path where a parameter object would cost an allocation
     * per call. Each is named with its reason.
     */
    private static final Map<String, String> HOT_PATH_SIGNATURES = new TreeMap<>();
    /** The features that live in a wing of their own, io.queuelatency.wings.NAME. */
    private static final List<String> WINGS = Arrays.asList("fleet", "capacity", "beside", "map");

    static {
        HOT_PATH_SIGNATURES.put("kernel/TraceLines.java event",
                "once per trace_pipe line, parsed in place without allocation into the event ring");
        HOT_PATH_SIGNATURES.put("measure/Channel.java onMessage",
                "once per message on the consumer's thread: the header's fields and two clock reads, no allocation");
        HOT_PATH_SIGNATURES.put("measure/Consumer.java onMessage", "the same call, implemented");
        List<String> all = Arrays.asList("files", "text", "stats", "exit", "result", "words", "json", "store", "host",
                "launch", "kernel", "measure", "tail", "profile", "decide", "matrix", "report", "cli", "study",
                "workload");
        // Each package may use only those listed; the commands at the top (no package) use everything.
        allow(all, "files");
        allow(all, "text");
        allow(all, "stats");
        allow(all, "exit");
        // The code in the message path: the users' interface, the built-in workloads and how one is found.
        allow(all, "workload", "exit", "result");
        // The model: kinds and numbers; exit/ for the one exception a setting that can never be right throws.
        allow(all, "result", "exit");
        // The model's words, one place above it: json/ writes them into the stored files, report/ into the reports.
        allow(all, "words", "result", "text");
        allow(all, "json", "result", "words", "exit");
        allow(all, "store", "json", "result", "exit");
        allow(all, "host", "result", "words");
        allow(all, "launch", "exit");
        allow(all, "kernel", "host");
        // The measuring core records: no tail, matrix, report or words.
        allow(all, "measure", "host", "result", "store", "text", "workload", "profile");
        allow(all, "tail", "measure", "kernel", "result", "store");
        // --profile's samples split by the slow messages' flights, and their flame graphs: pure, from files.
        allow(all, "profile", "result", "text");
        // Decisions are facts: the deciding package puts nothing in words (report/ does).
        allow(all, "decide", "result", "json", "store", "stats", "exit");
        allow(all, "matrix", "launch", "host", "decide", "result", "json", "store", "exit", "text", "words");
        // A writer uses no other writer's package.
        allow(all, "report", "decide", "result", "json", "store", "stats", "text", "exit", "words", "profile");
        allow(all, "cli", "measure", "host", "result", "store", "text", "exit", "words", "workload");
        // What a matrix and a capacity search start from (their options, plan, environment and report): the study's
        // top, above everything but the wings.
        allow(all, "study", "text", "stats", "exit", "result", "words", "json", "store", "host", "launch", "kernel",
                "measure", "tail", "profile", "decide", "matrix", "report", "cli", "workload");
        // A wing (fleet, capacity, beside, map) holds one feature: its command, its decisions and its formats. It
        // uses the core and the study, never another wing; neither the core nor the study uses a wing.
        for (List<String> forbidden : FORBIDDEN.values()) {
            WINGS.forEach(w -> forbidden.add("wings." + w));
        }
        for (String wing : WINGS) {
            FORBIDDEN.put("wings." + wing, WINGS.stream().filter(w -> !w.equals(wing)).map(w -> "wings." + w)
                    .collect(Collectors.toList()));
        }
    }

    private static void allow(List<String> all, String pkg, String... allowed) {
        List<String> forbidden = new ArrayList<>(all);
        forbidden.remove(pkg);
        forbidden.remove("files"); // the one way to write a file whole: every package may
        forbidden.removeAll(Arrays.asList(allowed));
        FORBIDDEN.put(pkg, forbidden);
    }

    private static final Map<Path, CompilationUnit> PARSED = new TreeMap<>();

    @BeforeAll
    static void parse() throws IOException {
        JavaParser parser = new JavaParser(new ParserConfiguration()
                .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_8));
        for (Path f : sources(MAIN)) {
            ParseResult<CompilationUnit> result = parser.parse(f);
            assertTrue(result.isSuccessful(), f + " does not parse: " + result.getProblems());
            PARSED.put(f, result.getResult().get());
        }
    }

    private static List<Path> sources(Path root) throws IOException {
        try (Stream<Path> all = Files.walk(root)) {
            return all.filter(p -> p.toString().endsWith(".java")).sorted().collect(Collectors.toList());
        }
    }

    private static String packageOf(Path file) {
        Path rel = MAIN.relativize(file);
        if (rel.getNameCount() == 1) {
            return "";
        }
        String top = rel.getName(0).toString();
        return top.equals("wings") && rel.getNameCount() > 2 ? top + "." + rel.getName(1) : top;
    }

    private static String where(Path file, com.github.javaparser.ast.Node node) {
        return MAIN.relativize(file) + ":" + node.getBegin().get().line;
    }

    @Test
    void eachPackageUsesOnlyThePackagesBelowIt() throws IOException {
        // A package, or a class of the commands at the top, which no package may use ("" for those; a main class
        // named in a string to launch it is not a use).
        Pattern use = Pattern.compile(
                "io\\.queuelatency\\.(wings\\.[a-z]+|[a-z]+)\\.|(?<!\")io\\.queuelatency\\.[A-Z]");
        List<String> wrong = new ArrayList<>();
        for (Path f : PARSED.keySet()) {
            List<String> forbidden = FORBIDDEN.get(packageOf(f));
            if (packageOf(f).isEmpty()) {
                continue;
            }
            assertTrue(forbidden != null, "package " + packageOf(f) + " has no rule in ArchitectureTest");
            Matcher m = use.matcher(new String(Files.readAllBytes(f), StandardCharsets.UTF_8));
            TreeSet<String> used = new TreeSet<>();
            while (m.find()) {
                used.add(m.group(1) == null ? "" : m.group(1));
            }
            if (used.remove("")) {
                wrong.add(MAIN.relativize(f) + " uses a command at the top");
            }
            used.retainAll(forbidden);
            for (String other : used) {
                wrong.add(MAIN.relativize(f) + " uses " + other + "/");
            }
        }
        assertEquals(Collections.emptyList(), wrong, "dependencies against docs/architecture.md");
    }

    /** What the model may not use: a JSON library, file or stream input and output, formatting words. */
    private static final Pattern NOT_IN_THE_MODEL = Pattern.compile(
            "com\\.fasterxml|java\\.io\\.|java\\.nio\\.file\\.Files\\b|String\\.format|\\bLocale\\b");
    /** Locale is allowed only to read ids and written input case-insensitively: toLowerCase(Locale.ROOT). */
    private static final Pattern IDS_IN_LOWER_CASE = Pattern.compile(
            "import java\\.util\\.Locale;|to(Lower|Upper)Case\\((java\\.util\\.)?Locale\\.ROOT\\)");

    @Test
    void theModelReadsAndWritesNoFilesNoJsonAndFormatsNoWords() throws IOException {
        List<String> wrong = new ArrayList<>();
        for (Path f : PARSED.keySet()) {
            String name = MAIN.relativize(f).toString().replace('\\', '/');
            if (!packageOf(f).equals("result")) {
                continue;
            }
            String code = new String(Files.readAllBytes(f), StandardCharsets.UTF_8)
                    .replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\n]*", "");
            Matcher m = NOT_IN_THE_MODEL.matcher(IDS_IN_LOWER_CASE.matcher(code).replaceAll(""));
            while (m.find()) {
                wrong.add(name + " uses " + m.group());
            }
        }
        assertEquals(Collections.emptyList(), wrong,
                "result/ is the model: its files, JSON and words are store/'s, json/'s and words/'s");
    }

    /**
     * The classes that write a file whole themselves: the formats (files/Format), the stored JSON files
     * (json/JsonNodes), a figure's PNG (report/Drawing) and runs.txt, the table of --runs N.
     */
    private static final List<String> WRITING_FILES = Arrays.asList("files/Format.java", "json/JsonNodes.java",
            "report/Drawing.java", "QueuePerformance.java");

    @Test
    void everyReportsFilesAreMadeByItsFormats() throws IOException {
        List<String> wrong = new ArrayList<>();
        for (Path f : PARSED.keySet()) {
            String name = MAIN.relativize(f).toString().replace('\\', '/');
            String code = new String(Files.readAllBytes(f), StandardCharsets.UTF_8)
                    .replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\n]*", "");
            if (code.contains("WholeFile.write(") && !WRITING_FILES.contains(name)) {
                wrong.add(name + " writes a file itself");
            }
            // a report's JSON file is a format's; a wing's stored result (map.json) is written as result.json is
            boolean report = name.startsWith("report/") || name.startsWith("wings/");
            if (report && code.contains("JsonNodes.write(") && !name.equals("wings/map/HostMapJson.java")) {
                wrong.add(name + " writes a JSON file itself");
            }
        }
        assertEquals(Collections.emptyList(), wrong,
                "a report's files are made by its formats (files/Format), each report's listed in one place");
    }

    @Test
    void noClassIsOver400LinesAndNoMethodOver60() throws IOException {
        List<String> tooLong = new ArrayList<>();
        for (Map.Entry<Path, CompilationUnit> e : PARSED.entrySet()) {
            int lines = Files.readAllLines(e.getKey(), StandardCharsets.UTF_8).size();
            if (lines > MAX_CLASS_LINES) {
                tooLong.add(MAIN.relativize(e.getKey()) + ": " + lines + " lines");
            }
            for (CallableDeclaration<?> c : callables(e.getValue())) {
                int length = c.getEnd().get().line - c.getBegin().get().line + 1;
                if (length > MAX_METHOD_LINES) {
                    tooLong.add(where(e.getKey(), c) + " " + c.getNameAsString() + ": " + length + " lines");
                }
            }
        }
        assertEquals(Collections.emptyList(), tooLong, "too long to read as one piece");
    }

    @SuppressWarnings("unchecked")
    private static List<CallableDeclaration<?>> callables(CompilationUnit unit) {
        List<CallableDeclaration<?>> out = new ArrayList<>();
        for (CallableDeclaration<?> c : unit.findAll(CallableDeclaration.class)) {
            out.add(c);
        }
        return out;
    }

    @Test
    void noSignatureTakesMoreThanSixParameters() {
        List<String> wide = new ArrayList<>();
        for (Map.Entry<Path, CompilationUnit> e : PARSED.entrySet()) {
            for (CallableDeclaration<?> c : callables(e.getValue())) {
                String name = MAIN.relativize(e.getKey()) + " " + c.getNameAsString();
                if (c.getParameters().size() > MAX_PARAMETERS && !HOT_PATH_SIGNATURES.containsKey(name)) {
                    wide.add(where(e.getKey(), c) + " " + c.getNameAsString() + ": " + c.getParameters().size());
                }
            }
        }
        assertEquals(Collections.emptyList(), wide, "signatures over " + MAX_PARAMETERS + " parameters");
    }

    @Test
    void noTwoTypesShareASimpleName() {
        Map<String, List<String>> byName = new TreeMap<>();
        for (Map.Entry<Path, CompilationUnit> e : PARSED.entrySet()) {
            for (TypeDeclaration<?> t : e.getValue().findAll(TypeDeclaration.class)) {
                boolean nestedBuilder = t.getNameAsString().equals("Builder") && !t.isTopLevelType();
                if (!nestedBuilder) {
                    byName.computeIfAbsent(t.getNameAsString(), k -> new ArrayList<>()).add(where(e.getKey(), t));
                }
            }
        }
        List<String> twice = new ArrayList<>();
        byName.forEach((name, places) -> {
            if (places.size() > 1) {
                twice.add(name + " " + places);
            }
        });
        assertEquals(Collections.emptyList(), twice, "one simple name, one type (a nested Builder excepted)");
        for (Path test : PARSED.keySet()) {
            String file = test.getFileName().toString();
            assertTrue(!file.endsWith("Test.java") && !file.endsWith("IT.java"),
                    test + ": main code named like a test");
        }
    }

    @Test
    void aDefinitionsStoredNameIsSpelledOnlyByTheDefinition() {
        List<String> ids = Arrays.asList("intended", "actual", "inQueue");
        List<String> spelled = new ArrayList<>();
        for (Map.Entry<Path, CompilationUnit> e : PARSED.entrySet()) {
            if (e.getKey().endsWith(Paths.get("result", "Definition.java"))) {
                continue;
            }
            for (StringLiteralExpr s : e.getValue().findAll(StringLiteralExpr.class)) {
                if (ids.contains(s.getValue())) {
                    spelled.add(where(e.getKey(), s) + " \"" + s.getValue() + "\"");
                }
            }
        }
        assertEquals(Collections.emptyList(), spelled, "a definition's name outside result/Definition");
    }

    @Test
    void noLineIsOver120Characters() throws IOException {
        List<String> wide = new ArrayList<>();
        List<Path> all = new ArrayList<>(sources(MAIN));
        all.addAll(sources(TEST));
        for (Path f : all) {
            List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).length() > MAX_LINE) {
                    wide.add(f + ":" + (i + 1) + " " + lines.get(i).length());
                }
            }
        }
        assertEquals(Collections.emptyList(), wide.subList(0, Math.min(wide.size(), 40)),
                wide.size() + " lines over " + MAX_LINE + " characters, the first 40 shown");
    }
}
