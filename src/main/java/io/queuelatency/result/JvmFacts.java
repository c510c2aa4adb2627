package io.queuelatency.result;

import java.util.ArrayList;
import java.util.List;

/** The JVM a run measured in. */
public final class JvmFacts {
    public String vendor;
    public String vmName;
    public String vmVersion;
    public String javaVersion;
    public int majorVersion;
    public String javaHome;
    public String compiler;
    public List<String> inputArguments = new ArrayList<>();
    /** The measured JVM's command line, one argument per element: copy it to reproduce the run. */
    public List<String> commandLine = new ArrayList<>();
    /** The garbage collector that ran: "G1", "Parallel", ... ({@link JvmRelease#garbageCollector}). */
    public String garbageCollector;

    /** LTS, a feature release or an early-access build ({@link JvmRelease#release}): derived from the versions. */
    public JvmRelease.Build release() {
        return JvmRelease.release(majorVersion, javaVersion, vmVersion);
    }
}
