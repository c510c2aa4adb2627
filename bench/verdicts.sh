#!/usr/bin/env bash
# Known truth, measured on real JVMs: R matrices of bench/null.yaml (one JVM under two labels) and R of
# bench/planted.yaml (OpenJDK 21 against itself with C1 only), each with --runs auto, interleaved (null 1, planted 1,
# null 2, ...), then a summary per kind:
#   null     how many matrices gave any false verdict at any look (summary.json's auto.lookVerdicts: each look
#            replayed from the stored cells; "faster" either way, at a headline percentile): the engine promises at
#            most 5% (docs/statistics.md, "Runs until decided")
#   planted  how many decided the pair at p50 with the right sign (openjdk-21 faster): the power at the median;
#            and how many gave a verdict at p50 at any look that is not so (C1 faster, or "equivalent"); the
#            tails' truth is not known (with a short warm-up C2's compiling makes its tail the longer)
#   each     the runs each JVM took, why the rounds ended, and the machine time the cells took
#
#   bench/verdicts.sh [-r|--repeats R] [--warmup D] [--duration D] [--time-budget D] [--output DIR] [--summary-only]
#
# R             matrices per kind (default REPEATS, else 10)
# --warmup      per cell (default WARMUP, else 5s); --duration: the window per cell (DURATION, else 5s)
# --time-budget per matrix (TIME_BUDGET, else --runs auto's default: 8 rounds of both JVMs and a tenth more)
# --output      where the matrices are kept (OUTPUT, else reports/verdicts-<time>); --summary-only summarises the
#               matrices already there and runs nothing
# A matrix that ends with exit 0 or 3 (some cell not valid) counts; any other exit is listed and left out.
# The whole takes at most 2 x R x the time budget: at the defaults, 10 x 2 x 8 rounds x 2 cells of ~18 s, ~1 h 45 min.
# A benchmark: run it alone on a quiet host, never beside a test run or another benchmark. Needs python3.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
repeats=${REPEATS:-10}
warmup=${WARMUP:-5s}
duration=${DURATION:-5s}
budget=${TIME_BUDGET:-}
out=${OUTPUT:-"${here}/reports/verdicts-$(date +%Y%m%d-%H%M%S)"}
summary_only=0

while [[ $# -gt 0 ]]; do
  case "$1" in
    -r|--repeats) repeats="$2"; shift 2 ;;
    --warmup) warmup="$2"; shift 2 ;;
    --duration) duration="$2"; shift 2 ;;
    --time-budget) budget="$2"; shift 2 ;;
    -o|--output) out="$2"; shift 2 ;;
    --summary-only) summary_only=1; shift ;;
    -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
    *) echo "verdicts.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
if ! [[ "${repeats}" =~ ^[1-9][0-9]*$ ]]; then
  echo "verdicts.sh: --repeats ${repeats}: give a whole number of matrices per kind, 1 or more" >&2
  exit 2
fi

mkdir -p "${out}"
if [[ "${summary_only}" -eq 0 ]]; then
  args=(--runs auto --warmup "${warmup}" --duration "${duration}")
  if [[ -n "${budget}" ]]; then
    args+=(--time-budget "${budget}")
  fi
  for ((i = 1; i <= repeats; i++)); do
    for kind in null planted; do
      dir="${out}/${kind}-${i}"
      if [[ -f "${dir}/summary.json" ]]; then
        continue # done before: --output an existing directory to go on
      fi
      echo "verdicts: ${kind} ${i} of ${repeats}" >&2
      status=0
      "${here}/run-matrix.sh" --config "${here}/bench/${kind}.yaml" "${args[@]}" --output "${dir}" \
        > "${out}/${kind}-${i}.log" 2>&1 || status=$?
      echo "${status}" > "${out}/${kind}-${i}.exit"
    done
  done
fi

python3 - "${out}" <<'PY'
import glob, json, math, os, sys

out = sys.argv[1]

def upper(k, n, conf=0.95):
    """Clopper-Pearson upper bound of a binomial proportion, by bisection on the exact tail."""
    if k >= n:
        return 1.0
    lo, hi = k / n, 1.0
    for _ in range(60):
        p = (lo + hi) / 2
        tail = sum(math.comb(n, i) * p**i * (1 - p)**(n - i) for i in range(k + 1))
        lo, hi = (p, hi) if tail > 1 - conf else (lo, p)
    return hi

def lower(k, n, conf=0.95):
    return 1 - upper(n - k, n, conf)

for kind in ("null", "planted"):
    rows, skipped = [], []
    for d in sorted(glob.glob(os.path.join(out, kind + "-*")), key=lambda p: (len(p), p)):
        if not os.path.isdir(d):
            continue
        exit_file = d + ".exit"
        code = open(exit_file).read().strip() if os.path.exists(exit_file) else "?"
        path = os.path.join(d, "summary.json")
        if code not in ("0", "3") or not os.path.exists(path):
            skipped.append("%s (exit %s)" % (os.path.basename(d), code))
            continue
        s = json.load(open(path))
        verdicts = s.get("verdicts", [])
        auto = s.get("auto") or {}
        # every look's decided verdicts as the engine saw them then (auto.lookVerdicts), else the report's, the last
        looks = auto.get("lookVerdicts")
        decided = [v for look in looks for v in look["decided"]] if looks is not None else \
            [v for v in verdicts if v.get("outcome") not in (None, "NO_VERDICT", "CANNOT_TELL")]
        if kind == "null":
            false = [v for v in decided if v["outcome"] in ("FIRST_FASTER", "SECOND_FASTER")]
            right = None
        else:
            # the known truth is at the median only: the tails may go either way (C2 compiling in a short window)
            false = [v for v in decided if v.get("percentile") in ("p50", "50") and v.get("faster") != "openjdk-21"]
            p50 = [v for v in verdicts if v.get("percentile") in ("p50", "50")]
            right = bool(p50) and p50[0].get("faster") == "openjdk-21"
        rows.append(dict(name=os.path.basename(d), false=len(false) > 0, right=right, runs=auto.get("runs", {}),
                         end=auto.get("end"), spent=auto.get("spentNs", 0) / 1e9, looks=s.get("looks")))
    n = len(rows)
    print("%s: %d matrices%s" % (kind, n, "" if not skipped else "; left out: " + ", ".join(skipped)))
    for r in rows:
        print("  %-12s %-11s runs %-40s %6.0f s  %s%s" % (r["name"], r["end"], json.dumps(r["runs"]), r["spent"],
              "FALSE VERDICT" if r["false"] else "",
              "" if r["right"] is None else ("p50 right" if r["right"] else "p50 not decided")))
    if n == 0:
        continue
    f = sum(r["false"] for r in rows)
    print("  any false verdict: %d of %d (%.0f%%; 95%% upper bound %.0f%%; promised at most 5%%)"
          % (f, n, 100 * f / n, 100 * upper(f, n)))
    if kind == "planted":
        k = sum(bool(r["right"]) for r in rows)
        print("  decided at p50 with the right sign: %d of %d (%.0f%%; 95%% lower bound %.0f%%)"
              % (k, n, 100 * k / n, 100 * lower(k, n)))
    runs = [sum(r["runs"].values()) for r in rows]
    spent = [r["spent"] for r in rows]
    print("  runs per matrix: %.1f on average (%d to %d); machine time per matrix: %.0f s on average (%.0f to %.0f)"
          % (sum(runs) / n, min(runs), max(runs), sum(spent) / n, min(spent), max(spent)))
PY
