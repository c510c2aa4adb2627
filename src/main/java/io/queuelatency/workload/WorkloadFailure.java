package io.queuelatency.workload;

/** A workload threw in the path: its class, where, and the message's sequence, in one line. */
public final class WorkloadFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public WorkloadFailure(String workload, String where, long sequence, Throwable cause) {
        super("the workload " + workload + " threw in " + where + (sequence >= 0 ? " at message " + sequence : "")
                + ": " + cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : ": "
                + cause.getMessage()), cause, false, false);
    }
}
