package io.queuelatency.measure;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

class UnnamedTasksTest {
    @Test
    void aThreadTheJvmNamedIsNotALibrarys() throws Exception {
        Assumptions.assumeTrue(ThreadPinning.currentThread() > 0, "no /proc/thread-self here");
        Assumptions.assumeFalse(System.getProperty("java.specification.version").startsWith("1."),
                "JDK 8 names no native thread: every one is the process's");
        AtomicInteger tid = new AtomicInteger();
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        Thread named = new Thread(() -> {
            tid.set(ThreadPinning.currentThread());
            started.countDown();
            try {
                done.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "named-by-us");
        named.start();
        started.await();
        try {
            Set<Integer> unnamed = UnnamedTasks.now();
            assertTrue(tid.get() > 0);
            assertFalse(unnamed.contains(tid.get()), "the JVM gave it its name: " + unnamed);
        } finally {
            done.countDown();
            named.join();
        }
    }
}
