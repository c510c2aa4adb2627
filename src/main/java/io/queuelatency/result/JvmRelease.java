package io.queuelatency.result;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * What a reviewer asks of a JVM beyond its version: which garbage collector ran, and whether the build is an LTS, a
 * feature or an early-access release. Both follow from facts every result stores (the GC beans' names, the versions).
 */
public final class JvmRelease {
    private JvmRelease() {
    }

    /** "G1", "Parallel", "Serial", "CMS", "ZGC (generational)", "Shenandoah"; the beans' names where none is known. */
    public static String garbageCollector(Collection<String> beanNames) {
        List<String> found = new ArrayList<>();
        for (String name : beanNames) {
            String gc = name.startsWith("G1 ") ? "G1" : name.startsWith("PS ") ? "Parallel"
                    : name.equals("Copy") || name.equals("MarkSweepCompact") ? "Serial"
                    : name.equals("ParNew") || name.equals("ConcurrentMarkSweep") ? "CMS"
                    : name.startsWith("ZGC Minor") || name.startsWith("ZGC Major") ? "ZGC (generational)"
                    : name.startsWith("ZGC") ? "ZGC" : name.startsWith("Shenandoah") ? "Shenandoah" : name;
            if (gc.equals("ZGC (generational)")) {
                found.remove("ZGC");
            }
            if (!found.contains(gc) && !(gc.equals("ZGC") && found.contains("ZGC (generational)"))) {
                found.add(gc);
            }
        }
        return found.isEmpty() ? "none reported" : String.join(" + ", found);
    }

    /** LTS in OpenJDK's release train: 8, 11, 17, then every fourth (21, 25, 29 ...). */
    public static boolean isLts(int major) {
        return major == 8 || major == 11 || major >= 17 && (major - 17) % 4 == 0;
    }

    public enum Build {
        LTS, FEATURE, EARLY_ACCESS
    }

    /** An early-access build by its version strings ("-ea"), else LTS or a feature release by its major version. */
    public static Build release(int major, String javaVersion, String vmVersion) {
        if (String.valueOf(javaVersion).contains("-ea") || String.valueOf(vmVersion).contains("-ea")) {
            return Build.EARLY_ACCESS;
        }
        return isLts(major) ? Build.LTS : Build.FEATURE;
    }
}
