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

    public static Builder builder() {
        return new Builder();
    }

    public static final class Builder {
        private String tool;
        private String startedAt;
        private StudyConfig config;
        private JvmFacts jvm;
        private Host host;
        private HostFindings hostCheck;
        private String queueImplementation;

        public Builder tool(String v) {
            tool = v;
            return this;
        }

        public Builder startedAt(String v) {
            startedAt = v;
            return this;
        }

        public Builder config(StudyConfig v) {
            config = v;
            return this;
        }

        public Builder jvm(JvmFacts v) {
            jvm = v;
            return this;
        }

        public Builder host(Host v) {
            host = v;
            return this;
        }

        public Builder hostCheck(HostFindings v) {
            hostCheck = v;
            return this;
        }

        public Builder queueImplementation(String v) {
            queueImplementation = v;
            return this;
        }

        public RunSetup build() {
            return new RunSetup(this);
        }
    }
}
