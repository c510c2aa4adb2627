#!/usr/bin/env bash
# Known truth for the verdict engine, in memory, measuring nothing: synthetic matrices of 2 and of 11 JVMs under
# log-normal, two-mode (this host's p50, fitted to reports/example's runs) and heavy-tailed run spreads, the last
# JVM's medians the others' times 1 (the null), 1.05 (the equivalence margin: "equivalent" is false there), 1.1, 1.2
# and 1.5, each decided look by look by the real engine with --runs auto's default looks (after rounds 5, 6 and 8).
# Prints per case the share of matrices with a false verdict at any look and the power at p50 (each with its exact
# 95% interval), the runs each JVM took, and the runs a JVM needs for 80% power at 5, 10 and 20% on this host's spread
# and the 16-core server's (decide/KnownTruthBenchmark; docs/statistics.md, "Known truth", holds a run of it).
#
#   bench/known-truth.sh [REPS [SEED [ROUNDS]]]
#
# REPS   matrices per case (default 5000: about 15 minutes here); SEED the random seed (default 36); ROUNDS the
#        most rounds of the budget (default 8: looks after rounds 5, 6 and 8; 16: 5, 6, 8, 12 and 16)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
reps=${1:-5000}
seed=${2:-36}
rounds=${3:-8}
if ! [[ "${reps}" =~ ^[1-9][0-9]*$ && "${seed}" =~ ^[0-9]+$ && "${rounds}" =~ ^[1-9][0-9]*$ ]]; then
  echo "known-truth.sh: give whole numbers: matrices per case, a seed, the most rounds: ${reps} ${seed} ${rounds}" >&2
  exit 2
fi
cd "${here}"
exec mvn -q test-compile exec:java -Dexec.classpathScope=test \
  -Dexec.mainClass=io.queuelatency.decide.KnownTruthBenchmark -Dexec.args="${reps} ${seed} ${rounds}"
