#!/usr/bin/env bash
# Ours against ours: two sets of options in alternating pairs on the same JVM and CPUs, to state what an option
# costs (--probes, --topology processes, a workload) with the spread of the pairs, as side-by-side.sh states
# ours against the reference. Each run: 256 B at 100,000 msg/s, the default warm-up, `--duration 10s --floor 2s`
# (the floor gives the cost of one clock read), pinned to CPUs 0 and 1 (BENCH_CPUS). Pair i runs A first when i is
# odd, B first when even. Prints each pair's actual and intended p50 and p99 and the ratios B/A with their range.
#
#   bench/ab.sh "A OPTIONS" "B OPTIONS" [PAIRS] [OUT_DIR]
#   bench/ab.sh "" "--probes" 8                     what probes cost
#   bench/ab.sh "" "--topology processes" 8         processes against threads
#
# JAR_A and JAR_B run A and B from other builds (default: this checkout's target/queue-latency.jar for both), so
# that a change of the default path is measured against the build before it: JAR_A=/tmp/old.jar bench/ab.sh "" "" 8
# Never run it beside another benchmark or a test run. SUMMARY_ONLY=1 summarises OUT_DIR without running.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
a_opts=${1?usage: bench/ab.sh "A OPTIONS" "B OPTIONS" [PAIRS] [OUT_DIR]}
b_opts=${2?usage: bench/ab.sh "A OPTIONS" "B OPTIONS" [PAIRS] [OUT_DIR]}
pairs=${3:-8}
out=${4:-$(mktemp -d /tmp/ab.XXXXXX)}
read -r cpu_a cpu_b <<<"${BENCH_CPUS:-0 1}"
jar_a=${JAR_A:-$here/target/queue-latency.jar}
jar_b=${JAR_B:-$here/target/queue-latency.jar}
for jar in "$jar_a" "$jar_b"; do
  [ -f "$jar" ] || { echo "ab: $jar is missing: mvn package -DskipTests" >&2; exit 2; }
done
mkdir -p "$out"
for i in $( [ -n "${SUMMARY_ONLY:-}" ] || seq 1 "$pairs"); do
  if [ $((i % 2)) -eq 1 ]; then order="a b"; else order="b a"; fi
  for who in $order; do
    if [ "$who" = a ]; then opts=$a_opts; jar=$jar_a; else opts=$b_opts; jar=$jar_b; fi
    # shellcheck disable=SC2086 # the options are words
    java -jar "$jar" --duration 10s --floor 2s --quiet --producer-cpu "$cpu_a" --consumer-cpu "$cpu_b" \
      --output "$out/$who-$i" $opts >"$out/$who-$i.log" 2>&1 || true
  done
  echo "pair $i done" >&2
done
python3 - "$out" "$a_opts" "$b_opts" <<'PY'
import glob, json, os, statistics, sys
out, a_opts, b_opts = sys.argv[1:4]
def run(name):
    f = os.path.join(out, name, 'result.json')
    if not os.path.exists(f):
        return None
    d = json.load(open(f))
    v = {}
    for definition in ('actual', 'intended'):
        ps = {x['percentile']: x['valueNs'] for x in d['latency'][definition]['percentiles']}
        v[definition] = (ps['p50'], ps['p99'])
    v['valid'] = d['valid']
    v['clock'] = (d.get('floor') or {}).get('clockReadNs')
    return v
pairs = sorted(int(p.split('-')[-1]) for p in glob.glob(os.path.join(out, 'a-*')) if os.path.isdir(p))
print('A: %s\nB: %s' % (a_opts or '(defaults)', b_opts or '(defaults)'))
print('pair  actual p50 A/B   actual p99 A/B     intended p50 A/B  intended p99 A/B   valid A/B')
ratios = {}
clocks = []
for i in pairs:
    a, b = run('a-%d' % i), run('b-%d' % i)
    if a is None or b is None:
        print('%4d  (a run has no result)' % i)
        continue
    cells = []
    for d in ('actual', 'intended'):
        for k, name in ((0, 'p50'), (1, 'p99')):
            cells.append('%6d/%-8d' % (a[d][k], b[d][k]))
            ratios.setdefault((d, name), []).append(b[d][k] / a[d][k])
    clocks += [c for c in (a['clock'], b['clock']) if c]
    print('%4d  %s  %s/%s' % (i, '  '.join(cells), a['valid'], b['valid']))
for (d, name), rs in ratios.items():
    print('B/A %s %s: median %.2f, range %.2f-%.2f, B higher in %d of %d'
          % (d, name, statistics.median(rs), min(rs), max(rs), sum(1 for x in rs if x > 1), len(rs)))
if clocks:
    print('one clock read (the floor): median %.1f ns, range %.1f-%.1f' % (statistics.median(clocks), min(clocks), max(clocks)))
PY
echo "runs kept in $out"
