package io.queuelatency.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.queuelatency.Lines;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * fleet/fleet.yml run by ansible-core on an inventory of two hosts that are both this machine (Ansible's local
 * connection), measured one after the other (ql_serial 1: their studies never overlap), and a third host that cannot
 * be reached: each local host a tiny matrix (two JVMs, 1 s cells), the two splitting its runs as hosts of one
 * fingerprint do, under a time budget of ql_max_hours, in the fleet's own directory on the host; the fleet's report
 * read; run again with one host's directory removed, that host is measured anew (its old matrix on the host not
 * resumed) and the other not at all. Without ansible-playbook the test is skipped with a SKIPPED line;
 * QUEUE_LATENCY_REQUIRE_ANSIBLE=true (as .ci/run sets) fails instead. Ansible's own files (its home, temporary and
 * async directories) go into the test's directory.
 */
class FleetIT {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final long PLAYBOOK_LIMIT_S = 1800;

    @TempDir
    Path tmp;

    /** ansible-playbook on PATH, or skipped (failed where CI requires it). */
    static String ansiblePlaybook() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            File candidate = new File(dir, "ansible-playbook");
            if (candidate.canExecute()) {
                return candidate.getAbsolutePath();
            }
        }
        String why = "no ansible-playbook on PATH (pip install ansible-core) to run fleet/fleet.yml with";
        if ("true".equals(System.getenv("QUEUE_LATENCY_REQUIRE_ANSIBLE"))) {
            fail(why);
        }
        Jar.skip(why);
        return null;
    }

    private static final class Run {
        final int exit;
        final String output;
        final long millis;

        Run(int exit, String output, long millis) {
            this.exit = exit;
            this.output = output;
            this.millis = millis;
        }
    }

    private Run playbook(String ansible, Path inventory, String... extra) throws Exception {
        List<String> command = new ArrayList<>(Arrays.asList(ansible, "-i", inventory.toString(),
                Paths.get("fleet/fleet.yml").toAbsolutePath().toString(), "-e", "ql_fleet=" + tmp.resolve("fleet"),
                "-e", "ql_jar=" + Jar.JAR.toAbsolutePath(), "-e", "ql_matrix=" + tmp.resolve("tiny.yaml"),
                // as JSON: in key=value form, ansible would read the heap option as a variable of its own
                "-e", "{\"ql_java\": \"" + String.join(" ", Jar.java(Jar.JAVA)) + "\"}",
                "-e", "ql_local_java=" + Jar.JAVA,
                "-e", "ql_lock=" + tmp.resolve("study.lock"), "-e", "ql_serial=1", "-e", "ql_poll=2",
                "-e", "ql_max_hours=1",
                "-e", "{\"ql_matrix_args\": [\"--runs\", \"2\"]}"));
        command.addAll(Arrays.asList(extra));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(tmp.resolve("ansible.log").toFile());
        Map<String, String> env = pb.environment();
        for (String[] dir : new String[][] {{"ANSIBLE_HOME", "home"}, {"ANSIBLE_LOCAL_TEMP", "local-tmp"},
            {"ANSIBLE_REMOTE_TEMP", "remote-tmp"}, {"ANSIBLE_ASYNC_DIR", "async"},
            {"ANSIBLE_SSH_CONTROL_PATH_DIR", "cp"}}) {
            env.put(dir[0], Files.createDirectories(tmp.resolve("ansible").resolve(dir[1])).toString());
        }
        env.put("ANSIBLE_NOCOLOR", "true");
        env.put("ANSIBLE_HOST_KEY_CHECKING", "false");
        env.put("ANSIBLE_RETRY_FILES_ENABLED", "false");
        long start = System.nanoTime();
        Process p = pb.start();
        // A limit against a playbook that hangs, not a speed: on a 2-vCPU VM that the host keeps pausing, ansible
        // took 54 s to refuse an empty inventory, and one run of the tiny matrix over 600 s.
        if (!p.waitFor(PLAYBOOK_LIMIT_S, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("the playbook did not end within " + PLAYBOOK_LIMIT_S + " s");
        }
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        String output = new String(Files.readAllBytes(tmp.resolve("ansible.log")), StandardCharsets.UTF_8);
        System.err.printf("FleetIT: ansible-playbook exit %d in %.1f s%n", p.exitValue(), millis / 1000.0);
        return new Run(p.exitValue(), output, millis);
    }

    /** Two hosts that are this machine (each its own remote directory) and one that cannot be reached. */
    private Path inventory() throws IOException {
        String python = "\"{{ ansible_playbook_python }}\"";
        StringBuilder yaml = new StringBuilder("all:\n  hosts:\n");
        for (String host : new String[] {"host-a", "host-b"}) {
            yaml.append("    ").append(host).append(":\n      ansible_connection: local\n")
                    .append("      ansible_python_interpreter: ").append(python).append('\n')
                    .append("      ql_remote: ").append(tmp.resolve("remote").resolve(host)).append('\n');
        }
        yaml.append("    host-c:\n      ansible_connection: ssh\n      ansible_host: 127.0.0.1\n")
                .append("      ansible_port: 9\n")
                .append("      ansible_ssh_timeout: 5\n")
                .append("      ansible_ssh_common_args: -F /dev/null -o UserKnownHostsFile=/dev/null\n");
        return Files.write(tmp.resolve("inventory.yml"), yaml.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** Two JVMs, both the JDK running this test, in cells of a 1 s warm-up and a 1 s window. */
    private void tinyMatrix() throws IOException {
        String home = Paths.get(System.getProperty("java.home")).toString();
        String yaml = "settings:\n  warmup: 1s\n  duration: 1s\n  floor: 500ms\n  runs: 2\n  kernelTrace: off\n"
                + "jvms:\n  - id: jdk-a\n    label: this JDK (a)\n    home: " + home + "\n"
                + "  - id: jdk-b\n    label: this JDK (b)\n    home: " + home + "\n";
        Files.write(tmp.resolve("tiny.yaml"), yaml.getBytes(StandardCharsets.UTF_8));
    }

    @FullSuite
    @Test
    void twoHostsOfOneFingerprintSplitTheRunsAndAHostRemovedIsMeasuredAnew() throws Exception {
        String ansible = ansiblePlaybook();
        tinyMatrix();
        Path inventory = inventory();
        Path fleet = tmp.resolve("fleet");

        Run first = playbook(ansible, inventory);
        assertEquals(2, first.exit, "host-c was not reached: " + first.output);
        for (String[] host : new String[][] {{"host-a", "1"}, {"host-b", "2"}}) {
            JsonNode plan = MAPPER.readTree(fleet.resolve(host[0] + "/matrix/matrix.json").toFile());
            assertEquals(Integer.parseInt(host[1]), plan.path("share").path("part").asInt(), host[0] + ": " + plan);
            assertEquals(2, plan.path("share").path("of").asInt());
            assertEquals(3_600_000_000_000L, plan.path("settings").path("timeBudgetNs").asLong(),
                    "--time-budget 1h from ql_max_hours");
            assertTrue(Files.isRegularFile(fleet.resolve(host[0] + "/matrix/cells/jdk-a-run" + host[1] + "/cell.json")),
                    host[0] + " ran round " + host[1] + " only");
            assertFalse(Files.exists(fleet.resolve(host[0] + "/matrix/cells/jdk-a-run" + (3 - Integer.parseInt(
                    host[1])))), host[0] + " ran no other round");
            for (String f : new String[] {"fingerprint.json", "check-host.txt", "matrix-begun.txt"}) {
                assertTrue(Files.isRegularFile(fleet.resolve(host[0] + "/" + f)), host[0] + "/" + f);
            }
            assertFalse(Files.exists(fleet.resolve(host[0] + "/job.txt")), "its job forgotten once fetched");
            // The playbook records the matrix's exit and fetches its report either way: 0, or 3 where a 1 s cell
            // missed its rate on a busy host (a fact of the host, not of the playbook).
            String matrixExit = new String(Files.readAllBytes(fleet.resolve(host[0] + "/matrix-exit.txt")),
                    StandardCharsets.UTF_8).trim();
            assertTrue(matrixExit.equals("0") || matrixExit.equals("3"), host[0] + " matrix exit " + matrixExit);
            Path remote = remoteDir(host[0]);
            assertTrue(Files.isRegularFile(remote.resolve("queue-latency.jar")), remote.toString());
            assertTrue(Files.isRegularFile(remote.resolve("matrix/matrix.json")), remote.toString());
            assertFalse(Files.exists(remote.resolve("matrix.tar.gz")), "the packed report removed from the host");
        }
        assertEquals(new String(Files.readAllBytes(fleet.resolve("host-a/fingerprint.json")), StandardCharsets.UTF_8),
                new String(Files.readAllBytes(fleet.resolve("host-b/fingerprint.json")), StandardCharsets.UTF_8),
                "one machine, one fingerprint");
        JsonNode peers = MAPPER.readTree(fleet.resolve("peers.json").toFile());
        assertEquals("[\"host-a\",\"host-b\"]", peers.elements().next().toString(), "the type's hosts frozen");
        try (java.util.stream.Stream<Path> jobs = Files.list(tmp.resolve("ansible/async"))) {
            assertEquals(0, jobs.count(), "the async jobs' status files removed from the hosts");
        }
        String failed = new String(Files.readAllBytes(fleet.resolve("host-c/failed.txt")), StandardCharsets.UTF_8);
        assertFalse(failed.trim().isEmpty() || failed.trim().contains("\n"), "one line saying why: " + failed);

        String summary = new String(Files.readAllBytes(fleet.resolve("summary.md")), StandardCharsets.UTF_8);
        System.err.println("FleetIT: the fleet's answer:\n" + summary.substring(0, summary.indexOf("\n## Hosts")));
        assertEquals(Arrays.asList(3, 1), Lines.numbers(summary.substring(0, summary.indexOf('\n'))),
                "3 hosts, 1 host type: " + summary);
        assertTrue(Lines.all(summary, "### A").stream().anyMatch(l -> l.contains("host-b")),
                "type A's section: host-b, pooled with host-a or apart: " + summary);
        assertTrue(summary.contains("| jdk-a |") && summary.contains("| jdk-b |"), summary);
        String hostC = Lines.startingWith(summary, "| host-c | ");
        assertTrue(hostC.startsWith("| host-c | - | - | - | - | ") && hostC.contains(failed.split(":")[0] + ":"),
                "no numbers, and why from its failed.txt: " + hostC);
        JsonNode json = MAPPER.readTree(fleet.resolve("summary.json").toFile());
        JsonNode pair = json.path("pooling").path("pairs").get(0);
        assertEquals(new java.util.TreeSet<>(Arrays.asList("host-a", "host-b")), new java.util.TreeSet<>(Arrays.asList(
                pair.path("first").asText(), pair.path("second").asText())), "the type's two hosts: " + pair);
        assertEquals(Arrays.asList(2, 2), Arrays.asList(pair.path("tests").get(0).path("floors").asInt(),
                pair.path("tests").get(0).path("otherFloors").asInt()), "one round each: 2 floor cells each: " + pair);
        assertFalse("rank test".equals(pair.path("apart").asText()),
                "too few floors for the rank test (33%): the margin alone decides: " + pair);
        assertEquals("queue-latency/fleet/2", json.path("schema").asText());
        assertEquals("failed", json.path("hosts").get(2).path("status").asText());
        assertTrue(first.output.contains("failed.txt"), "the playbook points to why a host has no report: "
                + first.output);

        Path cellA = fleet.resolve("host-a/matrix/cells/jdk-a-run1/cell.json");
        Path cellB = fleet.resolve("host-b/matrix/cells/jdk-a-run2/cell.json");
        long writtenA = Files.getLastModifiedTime(remoteDir("host-a").resolve("matrix/cells/jdk-a-run1/cell.json"))
                .toMillis();
        long writtenB = Files.getLastModifiedTime(cellB).toMillis();
        deleteTree(fleet.resolve("host-a"));
        Run again = playbook(ansible, inventory);
        assertEquals(2, again.exit, again.output);
        assertEquals(writtenB, Files.getLastModifiedTime(cellB).toMillis(), "a host done is not measured again");
        assertTrue(Files.isRegularFile(cellA), "host-a measured again: " + again.output);
        assertTrue(Files.getLastModifiedTime(cellA).toMillis() > writtenA,
                "host-a's matrix started anew, its old one on the host not resumed");
        assertEquals(1, MAPPER.readTree(fleet.resolve("host-a/matrix/matrix.json").toFile()).path("share")
                .path("part").asInt(), "the same share, from the frozen peers");
        System.err.printf("FleetIT: first run %.1f s, again %.1f s%n", first.millis / 1000.0, again.millis / 1000.0);
    }

    /** The fleet's own directory on a host (ql_remote/<fleet>-<hash>): the only directory there. */
    private Path remoteDir(String host) throws IOException {
        try (java.util.stream.Stream<Path> dirs = Files.list(tmp.resolve("remote").resolve(host))) {
            List<Path> all = new ArrayList<>();
            dirs.filter(Files::isDirectory).forEach(all::add);
            assertEquals(1, all.size(), host + ": " + all);
            assertTrue(all.get(0).getFileName().toString().matches("fleet-[0-9a-f]{8}"), all.toString());
            return all.get(0);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (java.util.stream.Stream<Path> files = Files.walk(dir)) {
            for (Path f : (Iterable<Path>) files.sorted(java.util.Comparator.reverseOrder())::iterator) {
                Files.delete(f);
            }
        }
    }

    @Test
    void anInventoryWithoutHostsIsOneLineAndExitTwo() throws Exception {
        String ansible = ansiblePlaybook();
        tinyMatrix();
        Path empty = Files.write(tmp.resolve("empty.yml"), "all:\n  hosts: {}\n".getBytes(StandardCharsets.UTF_8));
        Run run = playbook(ansible, empty);
        assertEquals(2, run.exit, run.output);
        assertTrue(run.output.contains("\"msg\": \"") && run.output.contains(" -i INVENTORY ")
                && run.output.contains("(fleet/inventory.example.yml)"), "the option and the example: " + run.output);
        assertFalse(Files.exists(tmp.resolve("fleet")), "nothing made");
    }
}
