package io.queuelatency.launch;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Asks a {@code java} what it is (its system properties), instead of guessing from a folder name. */
public final class JavaProbe {
    private JavaProbe() {
    }

    /** {@code bin/java} of a JDK home, or the executable itself. */
    public static Path executable(Path homeOrJava) {
        Path java = homeOrJava.resolve("bin").resolve("java");
        return Files.isDirectory(homeOrJava) ? java : homeOrJava;
    }

    /** As {@code java -XshowSettings:properties -version} prints them. */
    public static Map<String, String> properties(Path java) throws IOException {
        Process p = new ProcessBuilder(java.toString(), "-XshowSettings:properties", "-version")
                .redirectErrorStream(true).start();
        String text = readAll(p.getInputStream());
        try {
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(java + " did not answer within 60 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while asking " + java);
        }
        if (p.exitValue() != 0) {
            throw new IOException(java + " -version failed: " + text.trim().split("\n")[0]);
        }
        Map<String, String> props = new LinkedHashMap<>();
        String lastKey = null;
        for (String line : text.split("\n")) {
            int eq = line.indexOf(" = ");
            if (line.startsWith("    ") && eq > 0) {
                lastKey = line.substring(0, eq).trim();
                props.put(lastKey, line.substring(eq + 3).trim());
            } else if (line.startsWith("        ") && lastKey != null) {
                props.put(lastKey, props.get(lastKey) + " " + line.trim()); // continued list values
            } else {
                lastKey = null;
            }
        }
        if (!props.containsKey("java.specification.version")) {
            throw new IOException(java + " did not report java.specification.version");
        }
        return props;
    }

    /** Null when {@code java} starts with {@code options} (a pre-touched heap left out); else its complaint. */
    public static String refuses(Path java, java.util.List<String> options) {
        java.util.List<String> command = new java.util.ArrayList<>();
        command.add(java.toString());
        options.stream().filter(o -> !o.equals("-XX:+AlwaysPreTouch")).forEach(command::add);
        command.add("-version");
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String text = readAll(p.getInputStream());
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "did not start within 60 s";
            }
            if (p.exitValue() == 0) {
                return null;
            }
            for (String line : text.split("\n")) {
                if (!line.trim().isEmpty() && !line.startsWith("Error: Could not create the Java Virtual Machine")) {
                    return line.trim();
                }
            }
            return "exit code " + p.exitValue();
        } catch (IOException e) {
            return e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    private static String readAll(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        int n;
        while ((n = in.read(buffer)) > 0) {
            out.write(buffer, 0, n);
        }
        return new String(out.toByteArray(), StandardCharsets.UTF_8);
    }
}
