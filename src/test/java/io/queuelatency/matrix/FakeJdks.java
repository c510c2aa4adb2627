package io.queuelatency.matrix;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/** JDK homes whose bin/java is a script answering -XshowSettings:properties -version like a real one. */
final class FakeJdks {
    private FakeJdks() {
    }

    static Path home(Path dir, String spec, String version, String vendor, String vendorVersion,
            String vmName) throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        String script = "#!/bin/sh\ncat >&2 <<'EOF'\nProperty settings:\n"
                + "    java.home = " + dir + "\n"
                + "    java.specification.version = " + spec + "\n"
                + "    java.vendor = " + vendor + "\n"
                + (vendorVersion == null ? "" : "    java.vendor.version = " + vendorVersion + "\n")
                + "    java.version = " + version + "\n"
                + "    java.runtime.version = " + version + "+7\n"
                + "    java.vm.name = " + vmName + "\n"
                + "\nopenjdk version \"" + version + "\"\nEOF\n";
        Path java = bin.resolve("java");
        Files.write(java, script.getBytes(StandardCharsets.UTF_8));
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return dir;
    }

    static Path openjdk(Path dir, int major) throws IOException {
        String spec = major == 8 ? "1.8" : Integer.toString(major);
        String version = major == 8 ? "1.8.0_504" : major + ".0.3";
        return home(dir, spec, version, "Debian", null, "OpenJDK 64-Bit Server VM");
    }

    static Path broken(Path dir) throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path java = bin.resolve("java");
        Files.write(java, "#!/bin/sh\necho 'cannot run' >&2\nexit 1\n".getBytes(StandardCharsets.UTF_8));
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return dir;
    }
}
