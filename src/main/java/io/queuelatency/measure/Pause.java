package io.queuelatency.measure;

/** How the monitoring thread waits between its ticks; {@link #wake} ends a wait at once (a failure, a stop). */
public interface Pause {
    void sleep(long ms) throws InterruptedException;

    void wake();

    /** Waits on a monitor: costs the measuring threads nothing. */
    static Pause system() {
        return new Pause() {
            private boolean woken;

            @Override
            public synchronized void sleep(long ms) throws InterruptedException {
                long until = System.nanoTime() + ms * 1_000_000L;
                long left;
                while (!woken && (left = until - System.nanoTime()) > 0) {
                    wait(Math.max(1, left / 1_000_000L));
                }
                woken = false;
            }

            @Override
            public synchronized void wake() {
                woken = true;
                notifyAll();
            }
        };
    }
}
