package io.queuelatency.measure;

import java.util.BitSet;
import net.openhft.affinity.Affinity;

/** Pins the calling thread to one CPU and checks that it took; a failure is a warning, never silence. */
final class ThreadPinning {
    private ThreadPinning() {
    }

    /** Returns null when the calling thread now runs on {@code cpu} only, else why not. */
    static String pinCurrentThread(String role, int cpu) {
        try {
            Affinity.setAffinity(cpu);
            BitSet now = Affinity.getAffinity();
            if (now.cardinality() == 1 && now.get(cpu)) {
                return null;
            }
            return role + " not pinned to CPU " + cpu + ": its affinity is " + now + " after setAffinity";
        } catch (Throwable e) { // a missing native library shows as an Error
            return role + " not pinned to CPU " + cpu + ": " + e;
        }
    }
}
