package io.queuelatency.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.exit.BadInputException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A user's class is found and checked before anything runs: every refusal one line, exit 2 (BadInputException). */
class WorkloadsTest {
    private static final int BODY = 224;
    private static final int JAVA = 17;
    private static final String FILL = "body.writeLong(sequence);";
    private static final String HANDLE = "return body.readLong() == sequence;";

    @TempDir
    Path tmp;

    @Test
    void aUsersClassFromAJarIsCheckedAndMadeOnePerSide() throws Exception {
        Path jar = WorkloadJars.jar(tmp, "good.jar", WorkloadJars.workload("Good", FILL, HANDLE));
        Workloads.check("com.example.Good", jar.toString(), BODY, 8);
        Workloads.Factory maker = Workloads.maker("com.example.Good", jar.toString(), BODY);
        Workload a = maker.make();
        Workload b = maker.make();
        assertTrue(a != b, "an instance a side");
        assertEquals("com.example.Good", a.getClass().getName());
    }

    @Test
    void eachRefusalIsABadInputNamingTheClass() throws Exception {
        Path jar = WorkloadJars.jar(tmp, "bad.jar",
                "package com.example;\npublic class NotOne {\n}\n",
                "package com.example;\nimport io.queuelatency.workload.*;\npublic abstract class Half implements "
                        + "Workload {\n}\n",
                "package com.example;\nimport io.queuelatency.workload.*;\nclass Hidden implements Workload {\n"
                        + "  public void fill(long s, long t, Body b) {}\n"
                        + "  public boolean handle(long s, Body b) { return true; }\n}\n",
                WorkloadJars.workload("NeedsArgument", FILL, HANDLE).replace("implements Workload {",
                        "implements Workload {\n    public NeedsArgument(int x) {}"));
        String[] refused = {"com.example.NotOne", "com.example.Half", "com.example.Hidden", "com.example.NeedsArgument",
            "com.example.Missing"};
        for (String name : refused) {
            BadInputException e = assertThrows(BadInputException.class,
                    () -> Workloads.check(name, jar.toString(), BODY, JAVA), name);
            assertOneLineNaming(e, name);
        }
        BadInputException notOnPath = assertThrows(BadInputException.class,
                () -> Workloads.check("com.example.NotOne", null, BODY, JAVA));
        assertOneLineNaming(notOnPath, "com.example.NotOne");
        String noJar = tmp.resolve("no.jar").toString();
        assertOneLineNaming(assertThrows(BadInputException.class,
                () -> Workloads.check("com.example.NotOne", noJar, BODY, JAVA)), noJar);
    }

    @Test
    void aClassCompiledForANewerJavaThanTheMeasuredJvmIsRefusedWithBothVersions() throws Exception {
        Path jar = WorkloadJars.jar(tmp, "good.jar", WorkloadJars.workload("Good", FILL, HANDLE));
        // class file version 99 is Java 55, newer than any JVM: refused before it is loaded, naming what it needs
        Path newer = WorkloadJars.withMajorVersion(jar, tmp.resolve("newer.jar"), 99);
        BadInputException e = assertThrows(BadInputException.class,
                () -> Workloads.check("com.example.Good", newer.toString(), BODY, JAVA));
        assertOneLineNaming(e, "com.example.Good", " 55 ", " " + JAVA);
        // Java 11's class files (55) on a measured Java 8
        Path eleven = WorkloadJars.withMajorVersion(jar, tmp.resolve("eleven.jar"), 55);
        assertOneLineNaming(assertThrows(BadInputException.class,
                () -> Workloads.check("com.example.Good", eleven.toString(), BODY, 8)), " 11 ", " 8");
        Workloads.check("com.example.Good", eleven.toString(), BODY, 11);
    }

    @Test
    void theBuiltInsRefuseWhatTheyCannotDoBeforeAnythingRuns() {
        Workloads.check("order", null, 45, JAVA);
        Workloads.check("garbage", null, 8, JAVA);
        Workloads.check("garbage=16", null, BODY, JAVA);
        Workloads.check("garbage=1048576", null, BODY, JAVA);
        String[][] refused = {{"order", "44", "77"}, {"order=1", "224", "1"}, {"garbage", "7", "40"},
            {"garbage=12", "224", "12"}, {"garbage=1028", "224", "1028"}, {"garbage=1048584", "224", "1048584"},
            {"garbage=lots", "224", "lots"}, {"copy=1", "224", "1"}};
        for (String[] c : refused) {
            BadInputException e = assertThrows(BadInputException.class,
                    () -> Workloads.check(c[0], null, Integer.parseInt(c[1]), JAVA), c[0]);
            assertOneLineNaming(e, c[2]);
        }
        assertEquals(3, Workloads.builtIn().size(), Workloads.builtIn().toString());
    }

    private static void assertOneLineNaming(BadInputException e, String... named) {
        String line = e.getMessage();
        assertEquals(1, line.split("\n").length, line);
        for (String n : named) {
            assertTrue(line.contains(n), n + " in: " + line);
        }
    }
}
