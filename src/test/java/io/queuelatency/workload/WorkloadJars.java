package io.queuelatency.workload;

import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/** A user's workload as a user makes one: Java sources compiled at test time against the tool, put in a jar. */
public final class WorkloadJars {
    private WorkloadJars() {
    }

    /**
     * Compiles {@code sources} (each a class's full source, in package {@code com.example}) with {@code --release 8}
     * against this test's class path, and jars the classes as {@code jar}.
     */
    public static Path jar(Path dir, String jarName, String... sources) throws IOException {
        Path src = Files.createDirectories(dir.resolve(jarName + "-src/com/example"));
        Path classes = Files.createDirectories(dir.resolve(jarName + "-classes"));
        List<String> args = new ArrayList<>(Arrays.asList("--release", "8", "-nowarn", "-d", classes.toString(),
                "-cp", System.getProperty("java.class.path")));
        for (String source : sources) {
            String name = source.replaceAll("(?s).*?\\bclass (\\w+).*", "$1");
            Path file = src.resolve(name + ".java");
            Files.write(file, source.getBytes(StandardCharsets.UTF_8));
            args.add(file.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StringWriter said = new StringWriter();
        int exit = javac.run(null, null, new java.io.PrintStream(new OutputStream() {
            @Override
            public void write(int b) {
                said.write(b);
            }
        }, true), args.toArray(new String[0]));
        if (exit != 0) {
            throw new IllegalStateException("javac: " + said);
        }
        Path jar = dir.resolve(jarName);
        List<Path> files;
        try (Stream<Path> all = Files.walk(classes)) {
            files = all.filter(Files::isRegularFile).sorted().collect(Collectors.toList());
        }
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            for (Path f : files) {
                out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                out.write(Files.readAllBytes(f));
                out.closeEntry();
            }
        }
        return jar;
    }

    /** A copy of {@code jar} whose class files all say they need class file version {@code major}. */
    public static Path withMajorVersion(Path jar, Path copy, int major) throws IOException {
        try (java.util.jar.JarFile in = new java.util.jar.JarFile(jar.toFile());
             JarOutputStream out = new JarOutputStream(Files.newOutputStream(copy))) {
            for (JarEntry e : java.util.Collections.list(in.entries())) {
                byte[] bytes;
                try (java.io.InputStream s = in.getInputStream(e)) {
                    bytes = readAll(s);
                }
                if (e.getName().endsWith(".class")) {
                    bytes[6] = (byte) (major >>> 8);
                    bytes[7] = (byte) major;
                }
                out.putNextEntry(new JarEntry(e.getName()));
                out.write(bytes);
                out.closeEntry();
            }
        }
        return copy;
    }

    private static byte[] readAll(java.io.InputStream in) throws IOException {
        java.io.ByteArrayOutputStream all = new java.io.ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        for (int n; (n = in.read(buffer)) > 0; ) {
            all.write(buffer, 0, n);
        }
        return all.toByteArray();
    }

    /** A workload class of package com.example whose handle and fill bodies are given. */
    public static String workload(String name, String fill, String handle) {
        return "package com.example;\n"
                + "import io.queuelatency.workload.Body;\n"
                + "import io.queuelatency.workload.Workload;\n"
                + "public class " + name + " implements Workload {\n"
                + "    public void fill(long sequence, long sendNs, Body body) {\n" + fill + "\n    }\n"
                + "    public boolean handle(long sequence, Body body) {\n" + handle + "\n    }\n"
                + "}\n";
    }
}
