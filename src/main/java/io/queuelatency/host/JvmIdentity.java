package io.queuelatency.host;

import io.queuelatency.result.JvmFacts;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Collectors;

/** The running JVM, as a reader of a result needs it: who built it, which version, which flags. */
public final class JvmIdentity {
    private JvmIdentity() {
    }

    /** This JVM: who made it, its version, compiler, collector and its command line ending in {@code main}. */
    public static JvmFacts facts(List<String> mainAndArguments) {
        JvmFacts j = new JvmFacts();
        j.javaHome = System.getProperty("java.home");
        j.inputArguments = inputArguments();
        j.commandLine.add(Paths.get(j.javaHome, "bin", "java").toString());
        j.commandLine.addAll(j.inputArguments);
        j.commandLine.add("-cp");
        j.commandLine.add(System.getProperty("java.class.path"));
        j.commandLine.addAll(mainAndArguments);
        j.vendor = System.getProperty("java.vendor");
        j.vmName = System.getProperty("java.vm.name");
        j.vmVersion = System.getProperty("java.vm.version");
        j.javaVersion = System.getProperty("java.version");
        j.majorVersion = currentMajorVersion();
        j.compiler = compiler();
        j.garbageCollector = garbageCollector();
        return j;
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
        return io.queuelatency.result.JvmRelease.garbageCollector(ManagementFactory.getGarbageCollectorMXBeans()
                .stream().map(java.lang.management.GarbageCollectorMXBean::getName).collect(Collectors.toList()));
    }

    /** The JIT: "HotSpot 64-Bit Tiered Compilers", and whether a JVMCI compiler (Graal) replaces C2. */
    public static String compiler() {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        String name = jit == null ? "none (interpreter only)" : jit.getName();
        if (inputArguments().contains("-XX:+UseJVMCICompiler")) {
            return name + ", JVMCI compiler requested (-XX:+UseJVMCICompiler)";
        }
        return name;
    }
}
