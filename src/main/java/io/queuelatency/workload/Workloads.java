package io.queuelatency.workload;

import io.queuelatency.exit.BadInputException;
import io.queuelatency.result.Settings;
import java.io.DataInputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Finds the workload a run names: one built in ({@link #BUILT_IN}: the default {@code copy}, and those that show
 * why context matters), or a user's class by name, from {@code --workload-jar} or the tool's class path. Every
 * refusal is one line ({@link BadInputException}), given before anything runs by {@link #check}.
 */
public final class Workloads {
    /** The default: the reference study's copy of a filler ({@link Copy}). */
    public static final String COPY = Settings.COPY;
    /** A new order encoded and decoded ({@link NewOrder}). */
    public static final String ORDER = "order";
    /** An allocating handler, {@code garbage[=BYTES]} ({@link Garbage}). */
    public static final String GARBAGE = "garbage";
    /** Class file versions start at 45 for Java 1.1; Java 8 writes 52. */
    private static final int CLASS_VERSION_OF_JAVA_0 = 44;

    /** One side's instance, made on that side's thread. */
    public interface Factory {
        Workload make();
    }

    /** A built-in workload from the body's room and the argument after its name ({@code garbage=4096}), or null. */
    interface BuiltIn {
        Factory maker(int bodyBytes, String argument);
    }

    private static final Map<String, BuiltIn> BUILT_IN = new TreeMap<>();

    static {
        BUILT_IN.put(COPY, (bodyBytes, argument) -> {
            if (argument != null) {
                throw new BadInputException("--workload copy takes no argument: " + argument);
            }
            return () -> new Copy(bodyBytes);
        });
        BUILT_IN.put(ORDER, NewOrder::maker);
        BUILT_IN.put(GARBAGE, Garbage::maker);
    }

    private Workloads() {
    }

    /** The names of the built-in workloads. */
    public static java.util.Set<String> builtIn() {
        return Collections.unmodifiableSet(BUILT_IN.keySet());
    }

    /** "copy" for null: the name a result stores. */
    public static String named(String workload) {
        return workload == null ? COPY : workload;
    }

    /**
     * The maker of {@code workload} (null: the copy) for a body of {@code bodyBytes}, loaded from {@code jar} (null:
     * the tool's class path) when it is not built in.
     */
    public static Factory maker(String workload, String jar, int bodyBytes) {
        String name = named(workload);
        int eq = name.indexOf('=');
        BuiltIn builtIn = BUILT_IN.get(eq < 0 ? name : name.substring(0, eq));
        if (builtIn != null) {
            return builtIn.maker(bodyBytes, eq < 0 ? null : name.substring(eq + 1));
        }
        Constructor<? extends Workload> made = constructor(name, jar);
        return () -> {
            try {
                return made.newInstance();
            } catch (ReflectiveOperationException e) {
                Throwable cause = e.getCause() != null ? e.getCause() : e;
                throw new WorkloadFailure(name, "its constructor", -1, cause);
            }
        };
    }

    /**
     * Everything that can be known before a run: the workload is found, is a {@link Workload} with a public
     * no-argument constructor, and its class runs on Java {@code javaMajor} (the measured JVM's).
     */
    public static void check(String workload, String jar, int bodyBytes, int javaMajor) {
        String name = named(workload);
        if (!BUILT_IN.containsKey(name.split("=", 2)[0])) {
            int needed = javaVersionOf(name, loader(jar));
            if (needed > javaMajor) {
                throw new BadInputException("--workload " + name + " is compiled for Java " + needed
                        + " and the measured JVM is Java " + javaMajor + ": compile it with --release " + javaMajor);
            }
        }
        maker(name, jar, bodyBytes);
    }

    private static Constructor<? extends Workload> constructor(String name, String jar) {
        Class<?> c;
        try {
            c = Class.forName(name, false, loader(jar));
        } catch (ClassNotFoundException | NoClassDefFoundError e) {
            throw new BadInputException("--workload " + name + ": no such class " + (jar == null
                    ? "on the class path and no built-in workload of that name (built in: " + BUILT_IN.keySet() + ")"
                    : "in " + jar));
        } catch (UnsupportedClassVersionError e) {
            throw new BadInputException("--workload " + name + " is compiled for a newer Java than this JVM's ("
                    + System.getProperty("java.specification.version") + "): " + e.getMessage());
        }
        if (!Workload.class.isAssignableFrom(c)) {
            throw new BadInputException("--workload " + name + " does not implement " + Workload.class.getName());
        }
        if (!Modifier.isPublic(c.getModifiers()) || Modifier.isAbstract(c.getModifiers())) {
            throw new BadInputException("--workload " + name + " is not a public concrete class");
        }
        try {
            return c.asSubclass(Workload.class).getConstructor();
        } catch (NoSuchMethodException e) {
            throw new BadInputException("--workload " + name + " has no public no-argument constructor");
        }
    }

    private static ClassLoader loader(String jar) {
        ClassLoader tool = Workload.class.getClassLoader();
        if (jar == null) {
            return tool;
        }
        File f = new File(jar);
        if (!f.isFile() || !f.canRead()) {
            throw new BadInputException("--workload-jar " + jar + ": no such readable file");
        }
        try {
            return new URLClassLoader(new URL[] {f.toURI().toURL()}, tool);
        } catch (MalformedURLException e) {
            throw new BadInputException("--workload-jar " + jar + ": " + e.getMessage());
        }
    }

    /** The Java version a class file needs, from its major version (bytes 6 and 7). */
    static int javaVersionOf(String name, ClassLoader loader) {
        try (InputStream in = loader.getResourceAsStream(name.replace('.', '/') + ".class")) {
            if (in == null) {
                throw new BadInputException("--workload " + name + ": its class file cannot be read");
            }
            DataInputStream data = new DataInputStream(in);
            data.readInt(); // 0xCAFEBABE
            data.readUnsignedShort(); // minor
            return data.readUnsignedShort() - CLASS_VERSION_OF_JAVA_0;
        } catch (IOException e) {
            throw new BadInputException("--workload " + name + ": its class file cannot be read: " + e.getMessage());
        }
    }
}
