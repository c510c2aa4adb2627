#!/usr/bin/env bash
# The map's hand-off between two CPUs against bench/pingpong.c's between the same two, as a ratio with its spread:
# REPEATS times, pingpong paced as the map is (a round trip every 10 us, 10,000 of them: 0.1 s), then
# `queue-latency map --cpus A,B` (its defaults: 100 ms for the pair at 100,000 msg/s, after the first pair's 1 s of
# warm-up), then pingpong again. The ratio is the map's p50 over the mean of the two pingpong medians; a repeat whose
# two pingpong medians differ by more than 30% saw the two CPUs move under it (on a VM the hypervisor places the
# vCPUs, and the hand-off between them changes several-fold from one second to the next): it is listed, not counted.
#
#   bench/map-vs-pingpong.sh [REPEATS] [OUT_DIR]        (BENCH_CPUS="0 1" by default)
#
# Needs cc and the jar (mvn package -DskipTests). Never run it beside another benchmark or a test run.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
repeats=${1:-20}
out=${2:-$(mktemp -d /tmp/map-vs-pingpong.XXXXXX)}
read -r cpu_a cpu_b <<<"${BENCH_CPUS:-0 1}"
jar=${here}/target/queue-latency.jar
mkdir -p "${out}"
cc -O2 -pthread -o "${out}/pingpong" "${here}/bench/pingpong.c"

median_of() { sed -n 's/.*median \([0-9]*\) ns.*/\1/p' "$1"; }

for i in $(seq 1 "${repeats}"); do
  "${out}/pingpong" "${cpu_a}" "${cpu_b}" 10000 10000 > "${out}/before-${i}.txt"
  java -jar "${jar}" map --cpus "${cpu_a},${cpu_b}" --output "${out}/map-${i}" > "${out}/map-${i}.txt" 2>&1
  "${out}/pingpong" "${cpu_a}" "${cpu_b}" 10000 10000 > "${out}/after-${i}.txt"
  before=$(median_of "${out}/before-${i}.txt")
  after=$(median_of "${out}/after-${i}.txt")
  # the pair's p50 as map.json stores it (ns)
  p50=$(python3 -c "import json,sys; m=json.load(open(sys.argv[1])); print([p['valueNs'] for p in
    m['pairs'][0]['oneWay']['percentiles'] if p['percentile']=='p50'][0])" "${out}/map-${i}/map.json")
  echo "${i} ${before} ${p50} ${after}" >> "${out}/repeats.txt"
  echo "repeat ${i}: pingpong ${before} ns, map p50 ${p50} ns, pingpong ${after} ns"
done

python3 - "${out}/repeats.txt" <<'PY'
import statistics, sys
kept, moved = [], []
for line in open(sys.argv[1]):
    i, before, p50, after = line.split()
    before, p50, after = int(before), int(p50), int(after)
    ratio = p50 / ((before + after) / 2)
    (kept if abs(before - after) <= 0.3 * max(before, after) else moved).append((int(i), ratio))
ratios = sorted(r for _, r in kept)
if not ratios:
    sys.exit("no repeat saw one placement throughout")
n = len(ratios)
print(f"map p50 / pingpong median: {statistics.median(ratios):.2f} (interquartile {ratios[n // 4]:.2f} to "
      f"{ratios[(3 * n) // 4]:.2f}, range {ratios[0]:.2f} to {ratios[-1]:.2f}) over {n} repeats; "
      f"{len(moved)} left out where the CPUs moved: {', '.join(str(i) for i, _ in moved) or 'none'}")
PY
echo "kept in ${out}"
