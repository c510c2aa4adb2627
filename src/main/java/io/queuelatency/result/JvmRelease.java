package io.queuelatency.result;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * What a reviewer asks of a JVM beyond its version: which garbage collector ran (a JVM's default differs: OpenJDK 8
 * runs Parallel, 9 and later G1), and whether the build is a long-term-support release, a feature release or an
 * early-access build. Both follow from facts every result stores (the GC beans' names, the version strings), so they
 * are derived alike for results that do not store them (schemas 1 to 3).
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

    /** Which kind of build a JVM is in OpenJDK's release train. */
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
