package io.queuelatency.workload;

/**
 * Your own code in the message path, run on the two pinned threads inside the timed path, as JLBH runs code "in
 * context". Implement it in a class of your own with a public no-argument constructor, put it in a jar, and name
 * both: {@code --workload com.example.OrderPath --workload-jar orders.jar} (or the keys {@code workload} and
 * {@code workloadJar} in jvm-matrix.yaml, so a matrix compares JVMs on your code).
 * <pre>
 *   producer thread                                       consumer thread
 *   actual = nanoTime()                                   received = nanoTime()
 *   open the queue's write                                handle(sequence, body)   ◄── your code
 *   fill(sequence, actual, body)  ◄── your code           handled = nanoTime()
 *   in-queue = nanoTime(), the tool's header, commit ──►
 * </pre>
 * So the intended and actual latencies include your fill, the in-queue latency does not, and the handled latency
 * (from the intended send time to the end of your handling) includes both. The tool owns the message's first 32
 * bytes (sequence and send times); the body after them is yours, at most {@code --size} minus 32 bytes.
 *
 * <p>Two instances are made, one a side, each on its own thread before the warm-up (the producer's and the
 * consumer's: each is called only from the thread that made it, so neither needs to be thread-safe). A method that
 * throws ends the run within seconds, naming your class, the side and the message; what was measured stays.
 * Allocating is allowed: a collector's pause in the window then counts as latency (see {@link #allocates}).
 */
public interface Workload {
    /**
     * Writes message {@code sequence}'s body on the producer's thread.
     *
     * @param sequence 0, 1, 2, ... over the warm-up and the measured window
     * @param sendNs   the actual send time, the producer's {@code System.nanoTime()} just read
     * @param body     where the message's body goes, write position at its start
     */
    void fill(long sequence, long sendNs, Body body);

    /**
     * Reads and handles message {@code sequence}'s body on the consumer's thread, after the tool read the receive
     * time: the time this takes is in the handled latency only.
     *
     * @return true when the body is what {@link #fill} wrote (your own check, or simply true); a message handled
     *         false is counted as damaged, and a run with any is not valid
     */
    boolean handle(long sequence, Body body);

    /**
     * True when this workload allocates on purpose in the path: a collector's pause in the measured window is then
     * part of the latency and a named cause of the tail, not a reason to call the run not valid. The tool also
     * counts what each measured thread allocated and takes the workload as allocating when it sees it do so.
     */
    default boolean allocates() {
        return false;
    }
}
