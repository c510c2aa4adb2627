package io.queuelatency.matrix;

import io.queuelatency.launch.JvmFlags;
import io.queuelatency.words.JvmWords;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One matrix entry after looking for it: the JDK it runs on and the flags the tool adds, with a label that
 * says truthfully what it is; or why it cannot run here and how to make it run.
 */
public final class ResolvedJvm {
    public final MatrixConfig.Entry entry;
    public final JdkInfo jdk;
    /** The flags the tool adds for this JVM: Chronicle's per version, and for jargraal the compiler's. */
    public final List<String> toolFlags;
    public final String label;
    public final String compiler;
    /** True when the cell must prove, in its log, that the Graal compiler was active. */
    public final boolean requiresGraalProof;
    public final String unavailable;

    private ResolvedJvm(MatrixConfig.Entry entry, JdkInfo jdk, List<String> toolFlags, String label, String compiler,
                        boolean requiresGraalProof) {
        this.entry = entry;
        this.jdk = jdk;
        this.toolFlags = toolFlags;
        this.label = label;
        this.compiler = compiler;
        this.requiresGraalProof = requiresGraalProof;
        this.unavailable = null;
    }

    private ResolvedJvm(MatrixConfig.Entry entry, String unavailable) {
        this.entry = entry;
        this.jdk = null;
        this.toolFlags = new ArrayList<>();
        this.label = entry.label;
        this.compiler = null;
        this.requiresGraalProof = false;
        this.unavailable = unavailable;
    }

    public boolean available() {
        return unavailable == null;
    }

    static ResolvedJvm unavailable(MatrixConfig.Entry entry, String why) {
        return new ResolvedJvm(entry, why);
    }

    /** The last JDK version with a GraalVM CE (and its compiler on Maven Central): Graal left the release train. */
    static final int LAST_GRAALVM_CE = 25;

    /**
     * Looks the entry up among the JDKs discovery finds, where {@code claimed} are the builds other entries of the same
     * version ask for by vendor; fetches the Graal compiler where it is needed.
     */
    public static ResolvedJvm resolve(MatrixConfig.Entry e, JdkDiscovery discovery, GraalCompiler graal,
            List<String> claimed) {
        if (e.home != null) {
            JdkInfo jdk = discovery.probe(e.home);
            if (jdk == null) {
                return unavailable(e, "home " + e.home + " has no working java: " + discovery.failure(e.home));
            }
            if (e.major != 0 && jdk.major != e.major) {
                return unavailable(e, "home " + e.home + " is Java " + jdk.major + ", not " + e.major);
            }
            return installed(e, jdk);
        }
        JdkInfo jdk = discovery.find(e.major, e.distribution, e.vendor, claimed);
        if (jdk != null) {
            return installed(e, jdk);
        }
        if (e.vendor != null) {
            return unavailable(e, "no " + e.distribution.yamlName + " " + e.major + " build of '" + e.vendor + "' found"
                    + where(discovery)
                    + " (matched against java.vendor, java.vendor.version and java.runtime.version)");
        }
        switch (e.distribution) {
            case GRAALVM_CE:
                if (e.major > LAST_GRAALVM_CE && e.jargraal == null) {
                    return unavailable(e, "there is no GraalVM CE for JDK " + e.major
                            + ": Graal left the JDK release train after JDK "
                            + LAST_GRAALVM_CE + ", and no GraalVM CE compiler for JDK " + e.major + " is published on "
                            + "Maven Central (none was found installed either"
                            + where(discovery).replace(" in ", ": looked in ") + ")");
                }
                return e.jargraal == null ? unavailable(e, "no GraalVM CE " + e.major + " found" + where(discovery))
                        : jargraal(e, discovery, graal);
            case ORACLE_GRAALVM:
                return unavailable(e, "no Oracle GraalVM for JDK " + e.major + " installed" + where(discovery)
                        + ". To measure it: download Oracle GraalVM for JDK " + e.major
                        + " from oracle.com/java/technologies/downloads (GraalVM Free Terms and Conditions), unpack it "
                        + "under /opt or a directory in JDK_ROOTS, or give its home: in jvm-matrix.yaml");
            default:
                return unavailable(e, "no OpenJDK " + e.major + " found" + where(discovery)
                        + ". Install one (e.g. apt install openjdk-" + e.major + "-jdk-headless) or set JDK_ROOTS");
        }
    }

    private static ResolvedJvm installed(MatrixConfig.Entry e, JdkInfo jdk) {
        String compiler = jdk.distribution == MatrixConfig.Distribution.OPENJDK ? JvmWords.hotspotCompiler(e.jvmOptions)
                : "Graal (" + jdk.vendorVersion + ")";
        return new ResolvedJvm(e, jdk, new ArrayList<>(JvmFlags.forMajor(jdk.major)), e.label, compiler, false);
    }

    private static ResolvedJvm jargraal(MatrixConfig.Entry e, JdkDiscovery discovery, GraalCompiler graal) {
        JdkInfo openjdk = discovery.find(e.major, MatrixConfig.Distribution.OPENJDK);
        if (openjdk == null) {
            return unavailable(e, "no GraalVM CE " + e.major + " and no OpenJDK " + e.major + " to run the GraalVM CE "
                    + e.jargraal + " compiler on" + where(discovery));
        }
        List<String> flags = new ArrayList<>(JvmFlags.forMajor(openjdk.major));
        try {
            flags.addAll(GraalCompiler.flags(e.jargraal, graal.jars(e.jargraal)));
        } catch (IOException ex) {
            return unavailable(e, ex.getMessage());
        }
        String compiler = "GraalVM CE " + e.jargraal + " compiler (jargraal, JVMCI)";
        String label = "GraalVM CE " + e.jargraal + " compiler (jargraal) on OpenJDK " + openjdk.version;
        return new ResolvedJvm(e, openjdk, flags, label, compiler, true);
    }

    private static String where(JdkDiscovery discovery) {
        return " in " + discovery.places().stream().map(Object::toString).collect(Collectors.joining(", "));
    }
}
