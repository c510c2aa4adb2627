package io.queuelatency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Bad input: one clear line on stderr, exit code 2, no stack trace, nothing created, no JVM forked. */
class QueuePerformanceOptionsTest {
    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return new QueuePerformance(args, new PrintStream(out, true), new PrintStream(err, true)).execute();
    }

    private String err() {
        return new String(err.toByteArray(), StandardCharsets.UTF_8);
    }

    /** Each bad input and the values its one line must name (~ stands for a space). */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "--rate 0                                         | --rate 0",
        "--rate -5                                        | --rate -5",
        "--rate 1000000000                                | --rate 1000000000",
        "--rate lots                                      | --rate lots",
        "--size 10                                        | --size 10 16",
        "--duration 10x                                   | 10x",
        "--duration 10                                    | '10'",
        "--warmup abc                                     | abc",
        "--duration 0s                                    | --duration",
        "--producer-cpu 4096                              | 4096",
        "--producer-cpu 0 --consumer-cpu 0                | CPU~0 --allow-same-cpu",
        "--queue-dir /nonexistent/queue-latency           | --queue-dir~/nonexistent/queue-latency",
        "--queue-dir /proc/self                           | --queue-dir~/proc/self",
        "--roll-cycle EVERY_SECOND                        | --roll-cycle~EVERY_SECOND",
        "--block-size 1k                                  | --block-size~1024",
        "--rate 10000000 --size 65536 --duration 2h --roll-cycle DAILY | /dev/shm",
        "--durtion 10s                                    | --durtion --duration",
    })
    void badInputGetsOneLineAndExitCode2(String args, String named) {
        Set<String> shmBefore = listing(new File("/dev/shm"));
        int code = run(args.trim().split("\\s+"));
        String err = err();
        assertEquals(2, code, err);
        for (String value : named.trim().split("\\s+")) {
            assertTrue(err.contains(value.replace('~', ' ')), value + " named in: " + err);
        }
        assertTrue(err.startsWith("queue-latency: "), err);
        assertEquals(1, err.trim().split("\n").length, "one line: " + err);
        assertFalse(err.contains("\tat "), "no stack trace: " + err);
        assertEquals(shmBefore, listing(new File("/dev/shm")), "nothing left in /dev/shm");
        assertEquals(0, out.size(), "nothing on stdout");
    }

    @Test
    void theSameCpuIsAllowedOnlyWhenAskedFor() {
        // Passes validation, then fails on purpose at the queue dir, which is checked after the CPUs.
        int code = run("--producer-cpu", "0", "--consumer-cpu", "0", "--allow-same-cpu", "--queue-dir", "/nonexistent");
        assertEquals(2, code);
        oneLineNaming("--queue-dir /nonexistent");
    }

    @Test
    void anOutputDirectoryThatExistsIsRefusedAndLeftAlone() throws Exception {
        Path existing = Files.createDirectory(tmp.resolve("mine"));
        Files.write(existing.resolve("keep.txt"), new byte[] {1});
        int code = run("--no-fork", "--output", existing.toString(), "--duration", "1s", "--warmup", "0s",
                "--queue-dir", tmp.toString());
        assertEquals(2, code, err());
        oneLineNaming("--output " + existing.toAbsolutePath());
        assertTrue(Files.exists(existing.resolve("keep.txt")));
        assertEquals(new HashSet<>(Arrays.asList("mine")), listing(tmp.toFile()));
    }

    @Test
    void helpListsEveryOptionWithItsDefault() {
        assertEquals(0, run("--help"));
        // picocli wraps lines
        String help = new String(out.toByteArray(), StandardCharsets.UTF_8).replaceAll("\\s+", " ");
        for (String option
                : new String[] {"--rate", "--size", "--warmup", "--duration", "--producer-cpu", "--consumer-cpu",
                "--allow-same-cpu", "--queue-dir", "--roll-cycle", "--block-size", "--quiet", "--output", "--jvm",
                "--jvm-option", "--[no-]fork"}) {
            assertTrue(help.contains(option), option + " in\n" + help);
        }
        assertTrue(help.contains("default: 100000") && help.contains("default: 256") && help.contains("default: 15s")
                && help.contains("default: 100s") && help.contains("default: /dev/shm")
                && help.contains("default: auto: FAST_DAILY") && help.contains("default: 16g"), help);
    }

    /** stderr is one line, this tool's, naming the input refused (the option and its value). */
    private void oneLineNaming(String input) {
        String line = Lines.startingWith(err(), "queue-latency: ");
        assertEquals(line, err().trim(), "one line");
        assertTrue(line.contains(input), input + " named in: " + line);
    }

    private static Set<String> listing(File dir) {
        String[] names = dir.list();
        return names == null ? new HashSet<>() : new HashSet<>(Arrays.asList(names));
    }

    @Test
    void eachMeasuredJvmGetsTheStudysOptionsVerboseAmongThem() {
        assertEquals(Arrays.asList("--rate", "1000", "--verbose"), QueuePerformance.withoutRunOptions(
                Arrays.asList("--runs", "3", "--rate", "1000", "--skip-first", "--verbose", "--output=x")));
    }
}
