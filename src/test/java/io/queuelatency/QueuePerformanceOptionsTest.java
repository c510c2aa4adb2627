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

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "--rate 0                                         | --rate 0 is out of range",
        "--rate -5                                        | --rate -5 is out of range",
        "--rate 1000000000                                | --rate 1000000000 is out of range",
        "--rate lots                                      | Invalid value for option '--rate'",
        "--size 10                                        "
                + "| --size 10 is out of range: 16 (sequence and intended send time",
        "--duration 10x                                   | '10x' is not a duration",
        "--duration 10                                    | '10' is not a duration",
        "--warmup abc                                     | 'abc' is not a duration",
        "--duration 0s                                    | --duration must be more than 0",
        "--producer-cpu 4096                              | CPU 4096 does not exist",
        "--producer-cpu 0 --consumer-cpu 0                | producer and consumer are both on CPU 0",
        "--queue-dir /nonexistent/queue-latency           | --queue-dir /nonexistent/queue-latency does not exist",
        "--queue-dir /proc/self                           | --queue-dir /proc/self is not writable",
        "--roll-cycle EVERY_SECOND                        | --roll-cycle EVERY_SECOND is not a Chronicle roll cycle",
        "--block-size 1k                                  | --block-size 1024 is out of range",
        "--rate 10000000 --size 65536 --duration 2h --roll-cycle DAILY | not enough space in",
        "--durtion 10s                                    | did you mean --duration?",
    })
    void badInputGetsOneLineAndExitCode2(String args, String expected) {
        Set<String> shmBefore = listing(new File("/dev/shm"));
        int code = run(args.trim().split("\\s+"));
        String err = err();
        assertEquals(2, code, err);
        assertTrue(err.contains(expected), "expected '" + expected + "' in: " + err);
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
        assertEquals("queue-latency: --queue-dir /nonexistent does not exist or is not a directory",
                Lines.startingWith(err(), "queue-latency: "));
    }

    @Test
    void anOutputDirectoryThatExistsIsRefusedAndLeftAlone() throws Exception {
        Path existing = Files.createDirectory(tmp.resolve("mine"));
        Files.write(existing.resolve("keep.txt"), new byte[] {1});
        int code = run("--no-fork", "--output", existing.toString(), "--duration", "1s", "--warmup", "0s",
                "--queue-dir", tmp.toString());
        assertEquals(2, code, err());
        assertEquals("queue-latency: --output " + existing.toAbsolutePath() + " exists already: name a new directory",
                Lines.startingWith(err(), "queue-latency: "));
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
