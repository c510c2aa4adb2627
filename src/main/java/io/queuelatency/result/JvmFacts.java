package io.queuelatency.result;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The JVM a run measured in: who made it, which version and release, its compiler and collector, and its exact
 * command line; built by name ({@link #builder}).
 */
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

    public static Builder builder() {
        return new Builder();
    }

    /** By name; the release is derived from the versions, never given. */
    public static final class Builder {
        private String vendor;
        private String vmName;
        private String vmVersion;
        private String javaVersion;
        private int majorVersion;
        private String javaHome;
        private String compiler;
        private List<String> inputArguments = new ArrayList<>();
        private List<String> commandLine = new ArrayList<>();
        private String garbageCollector;

        public Builder vendor(String v) {
            vendor = v;
            return this;
        }

        public Builder vmName(String v) {
            vmName = v;
            return this;
        }

        public Builder vmVersion(String v) {
            vmVersion = v;
            return this;
        }

        public Builder javaVersion(String v) {
            javaVersion = v;
            return this;
        }

        public Builder majorVersion(int v) {
            majorVersion = v;
            return this;
        }

        public Builder javaHome(String v) {
            javaHome = v;
            return this;
        }

        public Builder compiler(String v) {
            compiler = v;
            return this;
        }

        public Builder inputArguments(List<String> v) {
            inputArguments = v;
            return this;
        }

        public Builder commandLine(List<String> v) {
            commandLine = v;
            return this;
        }

        public Builder garbageCollector(String v) {
            garbageCollector = v;
            return this;
        }

        public JvmFacts build() {
            return new JvmFacts(this);
        }
    }
}
