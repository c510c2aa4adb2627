package io.queuelatency.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;
import org.junit.jupiter.api.Test;

class VersionTest {
    private static Properties of(String build, String modified) {
        Properties p = new Properties();
        p.setProperty("version", "0.1.0-SNAPSHOT");
        p.setProperty("build", build);
        p.setProperty("modified", modified);
        return p;
    }

    @Test
    void theVersionNamesTheCommitItWasBuiltFromAndWhetherTheTreeDifferedFromIt() {
        assertEquals("0.1.0-SNAPSHOT (build 94ea2f9)", Version.of(of("94ea2f9", "false")));
        assertEquals("0.1.0-SNAPSHOT (build 94ea2f9, modified)", Version.of(of("94ea2f9", "true")));
    }

    /** Maven leaves a property it has no value for as written: a build without git. */
    @Test
    void aBuildWithoutGitGivesTheVersionAlone() {
        assertEquals("0.1.0-SNAPSHOT", Version.of(of("${git.commit.id.abbrev}", "${git.dirty}")));
        assertEquals("0.1.0-SNAPSHOT", Version.of(of("", "")));
        assertEquals("unknown", Version.of(new Properties()));
    }

    /** This build's (the tests run from Maven's filtered resources): the version, then the build where git was. */
    @Test
    void thisBuildsVersionIsTheProjectsWithItsCommitWhereThereIsOne() {
        assertTrue(Version.current().matches("[0-9][^ ]*( \\(build [0-9a-f]{7}(, modified)?\\))?"),
                Version.current());
    }
}
