package io.queuelatency.matrix;

import io.queuelatency.host.JvmIdentity;
import java.nio.file.Path;
import java.util.Map;

/** A JDK as its own java describes it (java -XshowSettings:properties -version). */
public final class JdkInfo {
    public final Path home;
    public final String vendor;
    public final String vendorVersion;
    public final String vmName;
    public final String version;
    public final String runtimeVersion;
    public final int major;
    public final MatrixConfig.Distribution distribution;
    /** What a {@code vendor:} of jvm-matrix.yaml is matched against: vendor, vendor version, runtime version. */
    private final String build;

    public JdkInfo(Path home, Map<String, String> props) {
        this.home = home;
        this.vendor = props.getOrDefault("java.vendor", "?");
        this.vendorVersion = props.getOrDefault("java.vendor.version", "");
        this.vmName = props.getOrDefault("java.vm.name", "?");
        this.version = props.getOrDefault("java.version", "?");
        this.runtimeVersion = props.getOrDefault("java.runtime.version", version);
        this.major = JvmIdentity.majorVersion(props.get("java.specification.version"));
        this.distribution = classify(vmName + " " + vendorVersion + " " + props.getOrDefault("java.vm.version", ""));
        this.build = (vendor + " " + vendorVersion + " " + runtimeVersion).toLowerCase(java.util.Locale.ROOT);
    }

    /** Is this the build {@code vendor} names ("temurin", "debian", "zulu", ...)? */
    public boolean isBuildOf(String vendor) {
        return build.contains(vendor.toLowerCase(java.util.Locale.ROOT));
    }

    /**
     * GraalVM says so in java.vm.name ("... GraalVM CE 22.3.0", "... GraalVM EE 22.3.0") or, from JDK 17
     * builds of 2023 on, in java.vendor.version ("GraalVM CE 21.0.2+13.1", "Oracle GraalVM 21.0.1+12.1").
     */
    static MatrixConfig.Distribution classify(String description) {
        if (!description.contains("GraalVM")) {
            return MatrixConfig.Distribution.OPENJDK;
        }
        if (description.contains("GraalVM CE") || description.contains("Community")) {
            return MatrixConfig.Distribution.GRAALVM_CE;
        }
        return MatrixConfig.Distribution.ORACLE_GRAALVM;
    }
}
