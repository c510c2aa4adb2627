#!/usr/bin/env bash
# Runs the latency study under every JVM of jvm-matrix.yaml and writes reports/<run>/ (see --help).
#   ./run-matrix.sh [--config FILE] [--only ID,ID] [--variants ID,ID] [--duration D] [--warmup D] [--rate N]
#                   [--size N] [--sizes N,N] [--rates N,N] [--runs N|auto] [--margin PERCENT] [--output DIR]
#                   [--list] [--plan] [--time-budget D] [--resume DIR] [--help]
#   ./run-matrix.sh report DIR [--margin PERCENT]
#   ./run-matrix.sh capacity --sla P=LATENCY [--sla ...] [--max-rate N] [--resolution PERCENT] [the matrix's options]
#   ./run-matrix.sh beside TABLE.yaml DIR [--jvm ID] [--output DIR]     (a published table beside ours)
#   ./run-matrix.sh map [--cpus LIST] [--every-pair-up-to CPUS] [--pair-time D] [--plan]   (the host's CPU pairs)
# The controller runs on JAVA_HOME's java (else the java on PATH); each cell is a JVM of the matrix.
set -euo pipefail

project_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
jar="${project_dir}/target/queue-latency.jar"

# Build the jar when it is missing or older than the sources.
if [[ ! -f "${jar}" ]] || [[ -n "$(find "${project_dir}/src" "${project_dir}/pom.xml" -newer "${jar}" -print -quit)" ]]; then
  echo "run-matrix: building ${jar}" >&2
  mvn -q -B -f "${project_dir}/pom.xml" package -DskipTests >&2
fi

java_cmd="java"
if [[ -n "${JAVA_HOME:-}" ]]; then
  java_cmd="${JAVA_HOME}/bin/java"
fi

exec "${java_cmd}" -Djava.awt.headless=true -cp "${jar}" io.queuelatency.JvmMatrix --project-dir="${project_dir}" "$@"
