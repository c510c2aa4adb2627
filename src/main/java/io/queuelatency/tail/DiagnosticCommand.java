package io.queuelatency.tail;

import java.lang.management.ManagementFactory;
import javax.management.ObjectName;

/** A diagnostic command of this JVM (what {@code jcmd <pid> VM.log ...} runs), invoked from inside it. */
final class DiagnosticCommand {
    private DiagnosticCommand() {
    }

    /** {@code operation} "vmLog", "jfrStart"...; throws when this JVM has no such command. */
    static void run(String operation, String... arguments) throws Exception {
        ManagementFactory.getPlatformMBeanServer()
                .invoke(new ObjectName("com.sun.management:type=DiagnosticCommand"), operation,
                new Object[] {arguments}, new String[] {String[].class.getName()});
    }
}
