package io.queuelatency.host;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.RuntimeMXBean;
import java.util.List;

/** The running JVM, as a reader of a result needs it: who built it, which version, which flags. */
public final class JvmIdentity {
    private JvmIdentity() {
    }

    /** 8 for "1.8", else the first number of java.specification.version. */
    public static int majorVersion(String specificationVersion) {
        String v = specificationVersion.startsWith("1.") ? specificationVersion.substring(2) : specificationVersion;
        int dot = v.indexOf('.');
        return Integer.parseInt(dot < 0 ? v : v.substring(0, dot));
    }

    public static int currentMajorVersion() {
        return majorVersion(System.getProperty("java.specification.version"));
    }

    public static List<String> inputArguments() {
        return ManagementFactory.getRuntimeMXBean().getInputArguments();
    }

    /** The garbage collector this JVM runs, from its GC beans: "G1", "Parallel", ... */
    public static String garbageCollector() {
        List<String> names = new java.util.ArrayList<>();
        for (java.lang.management.GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            names.add(gc.getName());
        }
        return io.queuelatency.result.JvmRelease.garbageCollector(names);
    }

    /** The JIT: "HotSpot 64-Bit Tiered Compilers", and whether a JVMCI compiler (Graal) replaces C2. */
    public static String compiler() {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        String name = jit == null ? "none (interpreter only)" : jit.getName();
        RuntimeMXBean runtime = ManagementFactory.getRuntimeMXBean();
        if (runtime.getInputArguments().contains("-XX:+UseJVMCICompiler")) {
            return name + ", JVMCI compiler requested (-XX:+UseJVMCICompiler)";
        }
        return name;
    }
}
