#!/usr/bin/env bash
# Rebuilds every committed example from its stored files with this checkout's jar, and measures nothing:
#   reports/example, planted-example, planted-tail-example, capacity-example, collectors-example
#                                                         matrix reports from their cells (run-matrix.sh report)
#   reports/fleet-example                                 the fleet report from its hosts' matrices (report --fleet)
#   reports/published-example                             the published table beside its five runs (beside)
#   reports/map-example                                   a map of this host's CPU pairs from its map.json (map --from)
# Then says which committed files this build writes differently: none means the examples rebuild byte for byte,
# which is how a change that must not change an output (a move, a clean-up) is checked.
#
#   bench/rebuild-examples.sh [--check]
#
# --check   exit 1 when a committed file under reports/ changed or a new one appeared (the list is printed)
# The jar is built first when it is missing or older than the sources (as run-matrix.sh does).
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
check=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --check) check=1; shift ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) echo "rebuild-examples.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done

cd "${here}"
matrix=(./run-matrix.sh)
jar=(java -Djava.awt.headless=true -jar target/queue-latency.jar)

for example in example planted-example planted-tail-example capacity-example collectors-example profiled-example; do
  echo "rebuild-examples: reports/${example}" >&2
  "${matrix[@]}" report "reports/${example}" >/dev/null
done
echo "rebuild-examples: reports/fleet-example" >&2
"${matrix[@]}" report --fleet reports/fleet-example >/dev/null
echo "rebuild-examples: reports/published-example" >&2
"${jar[@]}" beside published/chronicle-queue-i7-10710U.yaml reports/published-example/runs \
    --output reports/published-example >reports/published-example/screen.txt
echo "rebuild-examples: reports/map-example" >&2
"${jar[@]}" map --from reports/map-example >reports/map-example/screen.txt

changed=$(git status --porcelain --untracked-files=all -- reports/)
if [[ -z "${changed}" ]]; then
  echo "rebuild-examples: every example rebuilt byte for byte" >&2
  exit 0
fi
echo "rebuild-examples: these files under reports/ differ from the commit:" >&2
echo "${changed}" >&2
if [[ "${check}" -eq 1 ]]; then
  exit 1
fi
