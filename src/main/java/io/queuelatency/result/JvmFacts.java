package io.queuelatency.result;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The JVM a run measured in. */
public final class JvmFacts {
    public final String vendor;
    public final String vmName;
    public final String vmVersion;
    public final String javaVersion;
    public final int majorVersion;
    public final String javaHome;
    public final String compiler;
    public final List<String> inputArguments;
    /** The measured JVM's command line, one argument per element: copy it to reproduce the run. */
    public final List<String> commandLine;
    /** The garbage collector that ran: "G1", "Parallel", ... ({@link JvmRelease#garbageCollector}). */
    public final String garbageCollector;
    /** LTS, a feature release or an early-access build ({@link JvmRelease#release}). */
    public final JvmRelease.Build release;

    private JvmFacts(Builder b) {
        vendor = b.vendor;
        vmName = b.vmName;
        vmVersion = b.vmVersion;
        javaVersion = b.javaVersion;
        majorVersion = b.majorVersion;
        javaHome = b.javaHome;
        compiler = b.compiler;
        inputArguments = Collections.unmodifiableList(new ArrayList<>(b.inputArguments));
        commandLine = Collections.unmodifiableList(new ArrayList<>(b.commandLine));
        garbageCollector = b.garbageCollector;
        release = JvmRelease.release(majorVersion, javaVersion, vmVersion);
    }

    /** The release is derived from the versions, never given. */
    public static final class Builder {
        public String vendor;
        public String vmName;
        public String vmVersion;
        public String javaVersion;
        public int majorVersion;
        public String javaHome;
        public String compiler;
        public List<String> inputArguments = new ArrayList<>();
        public List<String> commandLine = new ArrayList<>();
        public String garbageCollector;

        public JvmFacts build() {
            return new JvmFacts(this);
        }
    }
}
