package io.queuelatency.result;

/** What a run is before it measures: the header printed before the study is made from this alone. */
public final class RunSetup {
    public final String tool;
    public final String startedAt;
    public final StudyConfig config;
    public final JvmFacts jvm;
    public final Host host;
    /** Null when the host was not checked. */
    public final HostFindings hostCheck;
    public final String queueImplementation;

    private RunSetup(Builder b) {
        this.tool = b.tool;
        this.startedAt = b.startedAt;
        this.config = b.config;
        this.jvm = b.jvm;
        this.host = b.host;
        this.hostCheck = b.hostCheck;
        this.queueImplementation = b.queueImplementation;
    }

    public static final class Builder {
        public String tool;
        public String startedAt;
        public StudyConfig config;
        public JvmFacts jvm;
        public Host host;
        public HostFindings hostCheck;
        public String queueImplementation;

        public RunSetup build() {
            return new RunSetup(this);
        }
    }
}
