package io.queuelatency.result;

/**
 * What a reviewer asks of a host beyond its CPUs: a virtual machine or not, the clock source System.nanoTime() reads,
 * the timer tick, transparent huge pages and the frequency governor. Null fields were not readable.
 */
public final class Platform {
    /**
     * "bare metal (no hypervisor flag)", "virtual machine: KVM (kvm-clock offered); Firecracker (kernel command line)".
     */
    public final String virtualisation;
    /** Whether this guest can itself run guests (vmx/svm), and the kernel's nested parameters. */
    public final String nested;
    /** tsc, kvm-clock, hpet, ... */
    public final String clockSource;
    /** CONFIG_HZ from the kernel's config; -1 where it could not be read (a measured rate is in each run's window). */
    public final int timerTickHz;
    /** "always [madvise] never" as /sys shows it. */
    public final String transparentHugePages;
    /** Each governor and the CPUs that use it: "performance on 0-15"; "none (no cpufreq: the hypervisor decides)". */
    public final String governor;

    public Platform(String virtualisation, String nested, String clockSource, int timerTickHz,
                    String transparentHugePages,
                    String governor) {
        this.virtualisation = virtualisation;
        this.nested = nested;
        this.clockSource = clockSource;
        this.timerTickHz = timerTickHz;
        this.transparentHugePages = transparentHugePages;
        this.governor = governor;
    }
}
