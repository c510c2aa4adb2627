package io.queuelatency.result;

import java.util.ArrayList;
import java.util.List;

/**
 * {@link Settings} by name, and the defaults, each once: the reference study's load (256 B at 100,000 msg/s), its
 * queue, this tool's windows. {@link #build} checks them ({@link SettingsCheck}).
 */
public final class SettingsBuilder {
    long rate = 100_000;
    int size = 256;
    /** Covers the queue's first index array at 100,000 msg/s (2^20 messages), where the JIT discards code. */
    long warmupNs = 15 * Settings.SECOND_NS;
    long durationNs = 100 * Settings.SECOND_NS;
    long floorNs = 2 * Settings.SECOND_NS;
    Integer producerCpu;
    Integer consumerCpu;
    boolean allowSameCpu;
    String queueDir = "/dev/shm";
    String rollCycle = "auto";
    /** The reference harness's: one mapping per cycle file. */
    long blockSize = 16L << 30;
    boolean attribution = true;
    String kernelTrace = Settings.TRACE_AUTO;
    boolean pretouch;
    String workload;
    String workloadJar;
    boolean probes;
    String profile;
    Long profileIntervalNs;
    String topology = Settings.THREADS;
    boolean quiet;
    Integer runs;
    Long timeBudgetNs;
    List<Integer> sizes;
    List<Long> rates;
    List<String> jvmOptions = new ArrayList<>();
    long cellGraceNs = 120 * Settings.SECOND_NS;
    boolean skipFirst;
    Double margin;
    List<Budget> sla = new ArrayList<>();
    Long maxRate;

    public SettingsBuilder rate(long v) {
        rate = v;
        return this;
    }

    public SettingsBuilder size(int v) {
        size = v;
        return this;
    }

    public SettingsBuilder warmupNs(long v) {
        warmupNs = v;
        return this;
    }

    public SettingsBuilder durationNs(long v) {
        durationNs = v;
        return this;
    }

    public SettingsBuilder floorNs(long v) {
        floorNs = v;
        return this;
    }

    public SettingsBuilder producerCpu(Integer v) {
        producerCpu = v;
        return this;
    }

    public SettingsBuilder consumerCpu(Integer v) {
        consumerCpu = v;
        return this;
    }

    public SettingsBuilder allowSameCpu(boolean v) {
        allowSameCpu = v;
        return this;
    }

    public SettingsBuilder queueDir(String v) {
        queueDir = v;
        return this;
    }

    public SettingsBuilder rollCycle(String v) {
        rollCycle = v;
        return this;
    }

    public SettingsBuilder blockSize(long v) {
        blockSize = v;
        return this;
    }

    public SettingsBuilder attribution(boolean v) {
        attribution = v;
        return this;
    }

    public SettingsBuilder kernelTrace(String v) {
        kernelTrace = v;
        return this;
    }

    public SettingsBuilder pretouch(boolean v) {
        pretouch = v;
        return this;
    }

    public SettingsBuilder workload(String v) {
        workload = v;
        return this;
    }

    public SettingsBuilder workloadJar(String v) {
        workloadJar = v;
        return this;
    }

    public SettingsBuilder profileIntervalNs(Long v) {
        profileIntervalNs = v;
        return this;
    }

    public SettingsBuilder profile(String v) {
        profile = v;
        return this;
    }

    public SettingsBuilder probes(boolean v) {
        probes = v;
        return this;
    }

    public SettingsBuilder topology(String v) {
        topology = v;
        return this;
    }

    public SettingsBuilder quiet(boolean v) {
        quiet = v;
        return this;
    }

    public SettingsBuilder runs(Integer v) {
        runs = v;
        return this;
    }

    public SettingsBuilder timeBudgetNs(Long v) {
        timeBudgetNs = v;
        return this;
    }

    public SettingsBuilder sizes(List<Integer> v) {
        sizes = v;
        return this;
    }

    public SettingsBuilder rates(List<Long> v) {
        rates = v;
        return this;
    }

    public SettingsBuilder jvmOptions(List<String> v) {
        jvmOptions = v;
        return this;
    }

    public SettingsBuilder cellGraceNs(long v) {
        cellGraceNs = v;
        return this;
    }

    public SettingsBuilder skipFirst(boolean v) {
        skipFirst = v;
        return this;
    }

    public SettingsBuilder margin(Double v) {
        margin = v;
        return this;
    }

    public SettingsBuilder sla(List<Budget> v) {
        sla = v;
        return this;
    }

    public SettingsBuilder maxRate(Long v) {
        maxRate = v;
        return this;
    }

    public Settings build() {
        Settings s = new Settings(this);
        SettingsCheck.check(s);
        return s;
    }
}
