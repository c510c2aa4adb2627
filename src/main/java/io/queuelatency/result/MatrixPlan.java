package io.queuelatency.result;

import java.util.ArrayList;
import java.util.List;

/**
 * matrix.json: what a matrix run set out to do, written before its first cell, so that an interrupted matrix
 * can be resumed with the same settings and its report rebuilt from the cells that finished.
 */
public final class MatrixPlan {
    public static final String SCHEMA = "queue-latency/matrix/1";
    public static final String FILE_NAME = "matrix.json";
    public static final String CELLS_DIR = "cells";

    public String schema = SCHEMA;
    public String tool;
    public String runId;
    public String startedAt;
    public String configFile;
    public Settings settings = new Settings();
    public List<Jvm> jvms = new ArrayList<>();
    /** Cell ids in the order they run: {@code <jvm id>-run<k>}. */
    public List<String> cells = new ArrayList<>();

    public static final class Settings {
        public long rate;
        public int size;
        public long warmupNs;
        public long durationNs;
        public int runs;
        public Integer producerCpu;
        public Integer consumerCpu;
        public List<String> jvmOptions = new ArrayList<>();
        public long cellGraceNs;
        public long floorNs;
        /** Leave each JVM's first run out of the statistics (it still runs and is shown). */
        public boolean skipFirst;
    }

    public static final class Jvm {
        public String id;
        public String label;
        public boolean available;
        /** Why it did not run, and how to make it run. */
        public String unavailable;
        public String compiler;
        public String javaHome;
        public String vendor;
        public String version;
        public String vmName;
        public int major;
        public long warmupNs;
        /** What the tool adds (Chronicle's flags by version, Graal's), then the matrix's and the entry's options. */
        public List<String> jvmOptions = new ArrayList<>();
        public boolean requiresGraalProof;
    }

    public Jvm jvm(String id) {
        for (Jvm j : jvms) {
            if (j.id.equals(id)) {
                return j;
            }
        }
        return null;
    }

    public static String cellId(String jvmId, int run) {
        return jvmId + "-run" + run;
    }
}
