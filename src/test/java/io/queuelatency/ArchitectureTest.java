package io.queuelatency;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The house rules of docs/architecture.md, checked on the sources: which package may use which (the measuring core
 * and the deciding package use no writer; a writer no other writer's package), and the size of a class and of a
 * method, so that each stays one a newcomer can read.
 */
class ArchitectureTest {
    private static final Path MAIN = Paths.get("src/main/java/io/queuelatency");
    private static final int MAX_CLASS_LINES = 400;
    private static final int MAX_METHOD_LINES = 60;

    /** Per package, the project packages it must not use (its files' imports and fully qualified names). */
    private static final Map<String, List<String>> FORBIDDEN = new LinkedHashMap<>();

    static {
        List<String> aboveResult = Arrays.asList("measure", "run", "tail", "kernel", "host", "launch", "matrix", "decide", "report", "cli");
        FORBIDDEN.put("text", Arrays.asList("stats", "result", "words", "measure", "run", "tail", "kernel", "host",
                "launch", "matrix", "decide", "report", "cli"));
        FORBIDDEN.put("stats", Arrays.asList("text", "result", "words", "measure", "run", "tail", "kernel", "host",
                "launch", "matrix", "decide", "report", "cli"));
        FORBIDDEN.put("exit", Arrays.asList("text", "stats", "result", "words", "json", "store", "measure", "run",
                "tail", "kernel", "host", "launch", "matrix", "decide", "report", "cli"));
        // The model formats no words: its reasons, warnings and verdicts are kinds and numbers, put in words by words/.
        List<String> aboveResultWithFiles = new ArrayList<>(aboveResult);
        aboveResultWithFiles.addAll(Arrays.asList("json", "store", "exit", "text", "words"));
        FORBIDDEN.put("result", aboveResultWithFiles);
        // The model's words, one place above it: json/ writes them into the stored files, report/ into the reports.
        List<String> aboveWords = new ArrayList<>(aboveResult);
        aboveWords.addAll(Arrays.asList("stats", "json", "store", "exit"));
        FORBIDDEN.put("words", aboveWords);
        FORBIDDEN.put("json", withStore(aboveResult));
        FORBIDDEN.put("store", aboveResult);
        FORBIDDEN.put("measure", Arrays.asList("run", "tail", "kernel", "launch", "matrix", "decide", "report", "cli",
                "words"));
        // The kernel's record knows nothing of what it is for: the tail's fold reads it.
        FORBIDDEN.put("kernel", Arrays.asList("measure", "run", "tail", "launch", "matrix", "decide", "report", "cli"));
        FORBIDDEN.put("run", Arrays.asList("tail", "kernel", "launch", "matrix", "decide", "report", "cli"));
        FORBIDDEN.put("tail", Arrays.asList("launch", "matrix", "decide", "report", "cli"));
        FORBIDDEN.put("host", Arrays.asList("measure", "run", "tail", "kernel", "launch", "matrix", "decide", "report", "cli"));
        FORBIDDEN.put("launch", Arrays.asList("measure", "run", "tail", "kernel", "matrix", "decide", "report", "cli"));
        // Decisions are facts: the deciding package puts nothing in words (report/ does).
        FORBIDDEN.put("decide", Arrays.asList("measure", "run", "tail", "kernel", "launch", "matrix", "report", "cli",
                "text", "words"));
        FORBIDDEN.put("report", Arrays.asList("measure", "run", "tail", "kernel", "launch", "matrix", "cli"));
        FORBIDDEN.put("matrix", Arrays.asList("measure", "run", "tail", "kernel", "report", "cli"));
    }

    private static List<String> withStore(List<String> packages) {
        List<String> out = new ArrayList<>(packages);
        out.add("store");
        return out;
    }

    private static List<Path> sources() throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> all = Files.walk(MAIN)) {
            all.filter(p -> p.toString().endsWith(".java")).sorted().forEach(files::add);
        }
        return files;
    }

    private static String packageOf(Path file) {
        Path rel = MAIN.relativize(file);
        return rel.getNameCount() == 1 ? "" : rel.getName(0).toString();
    }

    @Test
    void theMeasuringCoreAndTheDecidingPackageUseNoWriterAndArrowsRunOneWay() throws IOException {
        Pattern use = Pattern.compile("io\\.queuelatency\\.([a-z]+)\\.");
        List<String> wrong = new ArrayList<>();
        for (Path f : sources()) {
            String pkg = packageOf(f);
            List<String> forbidden = FORBIDDEN.get(pkg);
            if (forbidden == null) {
                continue; // the entry points use everything
            }
            Matcher m = use.matcher(new String(Files.readAllBytes(f), StandardCharsets.UTF_8));
            TreeSet<String> used = new TreeSet<>();
            while (m.find()) {
                used.add(m.group(1));
            }
            for (String other : used) {
                if (forbidden.contains(other)) {
                    wrong.add(MAIN.relativize(f) + " uses " + other + "/");
                }
            }
        }
        assertTrue(wrong.isEmpty(), "dependencies against docs/architecture.md:\n" + String.join("\n", wrong));
    }

    @Test
    void noClassIsOver400LinesAndNoMethodOver60() throws IOException {
        List<String> long_ = new ArrayList<>();
        for (Path f : sources()) {
            List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
            if (lines.size() > MAX_CLASS_LINES) {
                long_.add(MAIN.relativize(f) + ": " + lines.size() + " lines");
            }
            for (String[] method : methods(lines)) {
                if (Integer.parseInt(method[1]) > MAX_METHOD_LINES) {
                    long_.add(MAIN.relativize(f) + ": " + method[0] + " " + method[1] + " lines");
                }
            }
        }
        assertTrue(long_.isEmpty(), "too long to read as one piece:\n" + String.join("\n", long_));
    }

    /**
     * Each method (and constructor) of a file with its length in lines, from the first line of its signature to its
     * closing brace. Braces are counted outside string and character literals and comments; a block is a method when
     * it opens in a class body and what precedes it since the last statement has a parameter list and is no type,
     * control statement, lambda or initializer.
     */
    static List<String[]> methods(List<String> lines) {
        List<String[]> out = new ArrayList<>();
        List<Boolean> typeBody = new ArrayList<>(); // per open brace: whether it opened a type's body
        List<int[]> openMethods = new ArrayList<>(); // {depth, first line}
        List<String> names = new ArrayList<>();
        StringBuilder since = new StringBuilder();
        int sinceLine = 0;
        boolean inComment = false;
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n);
            for (int i = 0; i < line.length(); i++) {
                char c = line.charAt(i);
                if (inComment) {
                    if (c == '*' && i + 1 < line.length() && line.charAt(i + 1) == '/') {
                        inComment = false;
                        i++;
                    }
                    continue;
                }
                if (c == '/' && i + 1 < line.length() && line.charAt(i + 1) == '/') {
                    break;
                }
                if (c == '/' && i + 1 < line.length() && line.charAt(i + 1) == '*') {
                    inComment = true;
                    i++;
                    continue;
                }
                if (c == '"' || c == '\'') {
                    int j = i + 1;
                    while (j < line.length() && line.charAt(j) != c) {
                        j += line.charAt(j) == '\\' ? 2 : 1;
                    }
                    since.append("\"\"");
                    i = j;
                    continue;
                }
                if (since.toString().trim().isEmpty()) {
                    sinceLine = n;
                }
                if (c == '{') {
                    String head = since.toString().trim();
                    boolean inType = !typeBody.isEmpty() && typeBody.get(typeBody.size() - 1);
                    boolean isType = head.matches("(?s).*\\b(class|interface|enum)\\b.*") || head.matches("(?s).*\\bnew\\b.*\\)\\s*$");
                    boolean isMethod = inType && !isType && head.contains("(") && !head.contains("->") && !head.contains("=")
                            && !head.matches("(?s)^(if|for|while|switch|try|catch|else|do|synchronized|static)\\b.*");
                    typeBody.add(isType);
                    if (isMethod) {
                        openMethods.add(new int[] {typeBody.size(), sinceLine});
                        String name = head.substring(0, head.indexOf('(')).trim();
                        names.add(name.substring(name.lastIndexOf(' ') + 1));
                    }
                    since.setLength(0);
                } else if (c == '}') {
                    if (!openMethods.isEmpty() && openMethods.get(openMethods.size() - 1)[0] == typeBody.size()) {
                        int[] m = openMethods.remove(openMethods.size() - 1);
                        out.add(new String[] {names.remove(names.size() - 1), Integer.toString(n - m[1] + 1)});
                    }
                    if (!typeBody.isEmpty()) {
                        typeBody.remove(typeBody.size() - 1);
                    }
                    since.setLength(0);
                } else if (c == ';') {
                    since.setLength(0);
                } else {
                    since.append(c);
                }
            }
            since.append(' ');
        }
        return out;
    }

    @Test
    void theMethodFinderSeesMethodsAndNotBlocks() {
        List<String> source = Arrays.asList(
                "class A {",
                "    int f(int x,",
                "          int y) {",
                "        if (x > y) { return 1; }",
                "        Runnable r = () -> { g(); };",
                "        return new Object() { public String toString() { return \"}{\"; } }.hashCode();",
                "    }",
                "    static { init(); }",
                "}");
        List<String[]> found = methods(source);
        assertTrue(found.size() == 2 && found.get(0)[0].equals("toString") && found.get(1)[0].equals("f") && found.get(1)[1].equals("6"),
                "f over six lines and the anonymous class's toString: " + found.size());
    }
}
