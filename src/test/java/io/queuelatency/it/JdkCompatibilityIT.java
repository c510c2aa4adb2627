package io.queuelatency.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.result.RunResult;
import io.queuelatency.store.ResultFiles;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The one jar, built here, measures (and is profiled, --profile) on the oldest and the newest JDK it targets. */
@FullSuite
class JdkCompatibilityIT {
    @TempDir
    Path tmp;

    @ParameterizedTest(name = "JDK {0}")
    @ValueSource(ints = {8, 25, 26, 27})
    void aShortStudyRunsValidOnJdk(int major) throws Exception {
        Path home = Jdks.home(major);
        Path queueDir = Jar.shmDir("jdk" + major);
        Path out = tmp.resolve("run");
        try {
            Jar run = Jar.run(tmp.resolve("logs"), "--jvm", home.toString(), "--duration", "3s", "--warmup", "2s",
                    "--queue-dir", queueDir.toString(), "--output", out.toString(), "--quiet", "--profile");
            Jar.assertFinished(run);
            RunResult r = ResultFiles.read(out);
            assertEquals(major, r.jvm.majorVersion);
            assertEquals(run.exitCode == 0, r.valid(), r.validity.invalidReasons.toString());
            assertEquals(r.messages.expected, r.messages.received);
            assertTrue(r.profile.taken(), "async-profiler attaches on JDK " + major + ": " + r.profile.problem);
            String[] left = queueDir.toFile().list();
            assertEquals(0, left == null ? 0 : left.length);
        } finally {
            queueDir.toFile().delete();
        }
    }
}
