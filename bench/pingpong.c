/*
 * The reference for the floor: the one-way latency between two pinned CPUs, as plainly as C can measure it.
 *
 *   ping thread (CPU A)                         pong thread (CPU B)
 *   t0 = now; flag = i  ───── one cache line ──►  sees i; flag2 = i
 *   sees flag2 == i  ◄──────────────────────────
 *   rtt = now - t0; one-way = rtt / 2
 *
 * Each direction is a cache line moving between the two cores, the same hand-off the Java floor makes
 * once per message. Prints the median and p99 of the one-way time, in ns.
 *
 * With a fourth argument, a pause in ns before each round trip (10000: the study's 100,000 msg/s), the
 * hand-off is paced as the study's is, instead of back to back.
 *
 *   cc -O2 -pthread -o pingpong bench/pingpong.c && ./pingpong [cpuA cpuB [iterations [pause_ns]]]
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* 128 bytes apart, so that the adjacent-line prefetcher (which fetches 64-byte lines in pairs) never couples
 * the two directions. (On a VM the result can still flip between runs as the hypervisor places the vCPUs:
 * measure several times, alternating with what is compared with it.) */
struct line { _Alignas(128) atomic_long value; char pad[128 - sizeof(atomic_long)]; };

static struct line ping, pong;
static long iterations = 2000000;
static long pause_ns = 0;
static int cpu_b = 1;

static void pin(int cpu) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    if (pthread_setaffinity_np(pthread_self(), sizeof set, &set) != 0) {
        fprintf(stderr, "cannot pin to CPU %d\n", cpu);
        exit(1);
    }
}

static long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

static void *ponger(void *unused) {
    (void) unused;
    pin(cpu_b);
    for (long i = 1; i <= iterations; i++) {
        while (atomic_load_explicit(&ping.value, memory_order_acquire) != i) {
        }
        atomic_store_explicit(&pong.value, i, memory_order_release);
    }
    return NULL;
}

static int by_value(const void *a, const void *b) {
    long x = *(const long *) a, y = *(const long *) b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    int cpu_a = argc > 2 ? atoi(argv[1]) : 0;
    cpu_b = argc > 2 ? atoi(argv[2]) : 1;
    if (argc > 3) {
        iterations = atol(argv[3]);
    }
    if (argc > 4) {
        pause_ns = atol(argv[4]);
    }
    long *one_way = malloc(sizeof(long) * iterations);
    pthread_t thread;
    pthread_create(&thread, NULL, ponger, NULL);
    pin(cpu_a);
    long next = now_ns();
    for (long i = 1; i <= iterations; i++) {
        if (pause_ns > 0) {
            next += pause_ns;
            while (now_ns() < next) {
            }
        }
        long t0 = now_ns();
        atomic_store_explicit(&ping.value, i, memory_order_release);
        while (atomic_load_explicit(&pong.value, memory_order_acquire) != i) {
        }
        one_way[i - 1] = (now_ns() - t0) / 2;
    }
    pthread_join(thread, NULL);
    long warm = iterations / 10; /* the first tenth is warm-up */
    qsort(one_way + warm, iterations - warm, sizeof(long), by_value);
    long n = iterations - warm;
    printf("one-way latency CPU %d <-> CPU %d, %ld round trips%s: median %ld ns, p99 %ld ns (half the round trip)\n",
           cpu_a, cpu_b, n, pause_ns > 0 ? ", paced" : ", back to back", one_way[warm + n / 2], one_way[warm + n * 99 / 100]);
    free(one_way);
    return 0;
}
