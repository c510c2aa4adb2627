package io.queuelatency.result;

/** What a run is before it measures: the header printed before the study is made from this alone. */
public final class RunSetup {
    public String tool;
    public String startedAt;
    public StudyConfig config;
    public JvmFacts jvm;
    public Host host;
    /** Null when the host was not checked. */
    public HostFindings hostCheck;
    public String queueImplementation;
}
