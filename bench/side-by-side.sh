#!/usr/bin/env bash
# Our harness against the reference study's own (OpenHFT/Chronicle-Queue, branch `benchmarks`, SingleWriter),
# in alternating pairs on the same JVM, flags and CPUs: 256 B at 100,000 msg/s, like for like: our actual latency,
# from the producer's clock read immediately before the queue's write call to the consumer's read, is what
# SingleWriter times (its startTime is read before writingDocument()). Prints each pair's p50, p99 and p99.9 and
# the ratios ours/reference, and what opening the write costs in our runs (actual minus in-queue).
#
#   bench/side-by-side.sh REF_CHECKOUT [JAVA_HOME] [PAIRS] [OUT_DIR]
#
# REF_CHECKOUT  a checkout of OpenHFT/Chronicle-Queue at branch `benchmarks`; its three benchmark sources
#               (SingleWriter, Cpus, Opts) are compiled with `javac --release 8` against our fat jar into a
#               scratch directory. Nothing of it is copied into this repository.
# JAVA_HOME     the JVM both run on (default: the `java` on PATH)
# PAIRS         number of pairs (default 8); pair i runs the reference first when i is odd, ours first when even
# OUT_DIR       where the runs are kept (default: a new directory under /tmp)
#
# SingleWriter runs seven message sizes (16 B to 4 KiB) one after the other in one JVM, 50,000 warm-up and
# 1,000,000 timed messages each, into a DAILY (FAST_DAILY) queue with 16 GiB blocks; its 256 B section is read, in a
# JVM about 30 s old. Ours runs `--duration 10s --floor 0s` (1,000,000 timed messages) after our default warm-up
# (15 s), or after WARMUP (e.g. WARMUP=5s, as issue 9 first measured). Both pin to CPUs 0 and 1 (BENCH_CPUS).
# SETTLE=SECONDS waits that long before each run, so that neither harness runs in the aftermath of the other's
# (the reference ends by deleting 4.3 GB of queue from /dev/shm; see README). Default 0.
# Needs python3 for the summary. Never run it beside another benchmark or a test run.
# SUMMARY_ONLY=1 prints the summary of the pairs already in OUT_DIR without running anything.
# ATTRIBUTION_OFF=1 adds a third run to each pair: ours with `--no-attribution --kernel-trace off` (no tail
# attribution at all), the order rotating (ref, ours, off / ours, off, ref / off, ref, ours), so that the
# summary also gives ours/reference without attribution and attribution on against off.
# OURS_OPTIONS="--profile" adds options to our run (not to the attribution-off one): what an option costs against
# the reference.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
ref=${1:?usage: bench/side-by-side.sh REF_CHECKOUT [JAVA_HOME] [PAIRS] [OUT_DIR]}
java_home=${2:-}
pairs=${3:-8}
out=${4:-$(mktemp -d /tmp/side-by-side.XXXXXX)}
cpus=${BENCH_CPUS:-0 1}
warmup=${WARMUP:-}
settle=${SETTLE:-0}
read -r cpu_a cpu_b <<<"$cpus"
jar=$here/target/queue-latency.jar
src=$ref/src/main/java/net/openhft/chronicle/queue/benchmark
if [ -n "$java_home" ]; then java=$java_home/bin/java; javac=$java_home/bin/javac; else java=java; javac=javac; fi
[ -f "$jar" ] || { echo "side-by-side: $jar is missing: run mvn package first" >&2; exit 2; }
[ -f "$src/SingleWriter.java" ] || { echo "side-by-side: $src/SingleWriter.java is missing: check out branch benchmarks" >&2; exit 2; }
command -v python3 >/dev/null || { echo "side-by-side: python3 is needed for the summary" >&2; exit 2; }

[ -n "${SUMMARY_ONLY:-}" ] || {
mkdir -p "$out/classes" "$out/jna" "$out/src"
# Two names the branch uses are gone from the Chronicle Queue we build with: acquireAppender() (now
# createAppender()) and RollCycles.DAILY (now FAST_DAILY). The scratch copies get those two renames, nothing else.
for f in SingleWriter Cpus Opts; do
  sed -e 's/acquireAppender()/createAppender()/' -e 's/RollCycles\.DAILY\b/RollCycles.FAST_DAILY/' "$src/$f.java" >"$out/src/$f.java"
done
"$javac" --release 8 -nowarn -cp "$jar" -d "$out/classes" "$out/src/SingleWriter.java" "$out/src/Cpus.java" "$out/src/Opts.java" 2>"$out/javac.log" \
  || { echo "side-by-side: javac failed, see $out/javac.log" >&2; exit 2; }
}

for i in $( [ -n "${SUMMARY_ONLY:-}" ] || seq 1 "$pairs"); do
  if [ -n "${ATTRIBUTION_OFF:-}" ]; then
    case $((i % 3)) in 1) order="ref ours off" ;; 2) order="ours off ref" ;; *) order="off ref ours" ;; esac
  elif [ $((i % 2)) -eq 1 ]; then order="ref ours"; else order="ours ref"; fi
  for who in $order; do
    sleep "$settle"
    if [ "$who" = off ]; then
      "$java" -Djna.tmpdir="$out/jna" -jar "$jar" ${java_home:+--jvm "$java_home"} --duration 10s ${warmup:+--warmup "$warmup"} --floor 0s \
        --no-attribution --kernel-trace off \
        --quiet --producer-cpu "$cpu_a" --consumer-cpu "$cpu_b" --output "$out/off-$i" >"$out/off-$i.log" 2>&1
    elif [ "$who" = ours ]; then
      # shellcheck disable=SC2086 # OURS_OPTIONS are words
      "$java" -Djna.tmpdir="$out/jna" -jar "$jar" ${java_home:+--jvm "$java_home"} --duration 10s ${warmup:+--warmup "$warmup"} --floor 0s \
        ${OURS_OPTIONS:-} --quiet --producer-cpu "$cpu_a" --consumer-cpu "$cpu_b" --output "$out/ours-$i" >"$out/ours-$i.log" 2>&1
      # the reference runs with exactly the flags our measured JVM had
      mapfile -t flags < <(python3 -c 'import json,sys; print("\n".join(json.load(open(sys.argv[1]))["jvm"]["inputArguments"]))' "$out/ours-$i/result.json")
      printf '%s\n' "${flags[@]}" >"$out/flags"
    else
      if [ ! -f "$out/flags" ]; then
        "$java" -Djna.tmpdir="$out/jna" -jar "$jar" ${java_home:+--jvm "$java_home"} --duration 1s --warmup 1s --floor 0s \
          --quiet --producer-cpu "$cpu_a" --consumer-cpu "$cpu_b" --output "$out/flags-probe" >/dev/null 2>&1
        python3 -c 'import json,sys; print("\n".join(json.load(open(sys.argv[1]))["jvm"]["inputArguments"]))' "$out/flags-probe/result.json" >"$out/flags"
      fi
      mapfile -t flags <"$out/flags"
      "$java" "${flags[@]}" -Djna.tmpdir="$out/jna" -cp "$out/classes:$jar" \
        net.openhft.chronicle.queue.benchmark.SingleWriter -cpus "$cpu_a" "$cpu_b" -dir "/dev/shm/side-by-side-$$" \
        >"$out/ref-$i.log" 2>&1
      rm -rf "/dev/shm/side-by-side-$$"
    fi
  done
  echo "pair $i done" >&2
done

python3 - "$out" "$pairs" <<'EOF'
import json, os, statistics, sys
out, pairs = sys.argv[1], int(sys.argv[2])
P = (50.0, 90.0, 99.0, 99.9)
NAMES = ('p50', 'p90', 'p99', 'p99.9')
LABEL = {'ours': 'ours (attribution on)', 'off': 'ours (attribution off)', 'reference': 'reference'}
def ref(i):
    vals, size = {}, None
    for line in open(os.path.join(out, 'ref-%d.log' % i)):
        if line.startswith('Message size:'):
            size = int(line.split(':')[1])
        elif size == 256 and '%:' in line:
            p, v = line.split('%:')
            vals[float(p)] = int(v)
    return [vals[p] for p in P]
opening = []
def by_percentile(rows):
    # "p50" ... "p99.999" from result.json run/5 on (50 ... 99.999 before); "worst" (100 before) is not one of P
    return {float(str(x['percentile']).lstrip('p')): x['valueNs'] for x in rows if x['percentile'] != 'worst'}
def ours(name, i):
    d = json.load(open(os.path.join(out, '%s-%d' % (name, i), 'result.json')))
    if int(d['schema'].split('/')[-1]) < 4:
        sys.exit('side-by-side: %s was written before schema 4: its "actual" was read inside the write, not the article\'s; '
                 'measure again with this build' % os.path.join(out, '%s-%d' % (name, i)))
    ps = by_percentile(d['latency']['actual']['percentiles'])
    if name == 'ours':
        q = by_percentile(d['latency']['inQueue']['percentiles'])
        opening.append((ps[50.0] - q[50.0], ps[99.0] - q[99.0]))
    return [ps[p] for p in P], d['valid']
legs = ['ours'] + (['off'] if os.path.exists(os.path.join(out, 'off-1', 'result.json')) else [])
ratios = {}
def add(key, a, b):
    ratios.setdefault(key, []).append([x / y for x, y in zip(a, b)])
print('actual latency, ns: reference / ours, per pair and run')
print('pair  leg          p50                p90                p99              p99.9  valid')
for i in range(1, pairs + 1):
    r = ref(i)
    got = {}
    for leg in legs:
        v, valid = ours(leg, i)
        got[leg] = v
        print('%4d  %-4s %s  %s' % (i, leg, ' '.join('%8d/%-9d' % (a, b) for a, b in zip(r, v)), valid))
        add((leg, 'reference'), v, r)
    if 'off' in got:
        add(('ours', 'off'), got['ours'], got['off'])
for (a, b), rows in ratios.items():
    for k, name in enumerate(NAMES):
        rs = [row[k] for row in rows]
        print('%s / %s at %s: median %.2f, range %.2f-%.2f, first higher in %d of %d'
              % (LABEL[a], LABEL[b], name, statistics.median(rs), min(rs), max(rs), sum(1 for x in rs if x > 1), len(rs)))
for k, name in ((0, 'p50'), (1, 'p99')):
    d = [o[k] for o in opening]
    print('opening the write in ours (actual - in-queue) at %s: median %d ns, range %d-%d ns' % (name, statistics.median(d), min(d), max(d)))
print('runs kept in', out)
EOF
