#!/usr/bin/env bash
# Checks every hardware counter Warpscope reads against Nsight Compute's value for the same kernel
# launch (on the GPU machine, with ncu on PATH). For each case it runs the lab twice:
#   1. plainly: Warpscope reads its counters (scalars "counters.<metric>" in the JSON);
#   2. with WARPSCOPE_COUNTERS=ncu under `ncu --profile-from-start off`: Warpscope launches the very
#      same counted kernels unprofiled between cudaProfilerStart/Stop, and ncu reads them.
# Prints one line per metric (ours, ncu's, relative difference) and exits 1 if any differs by more
# than 1%. Plain bash and awk: the GPU machine has no python.
#
#   scripts/counters-vs-ncu.sh OUTDIR 'LAB [--set k=v ...]' ['LAB ...' ...]
set -uo pipefail
out=$1; shift
mkdir -p "$out"
cli=${WARPSCOPE_CLI:-warpscope-cli}
status=0
n=0
for case in "$@"; do
  n=$((n + 1))
  # shellcheck disable=SC2086
  "$cli" run $case --device cuda:0 --out "$out/case$n.json" > "$out/case$n.log" 2>&1 || { echo "FAIL run: $case"; status=1; continue; }
  # "counters.<metric>" scalars: the id line, then its value three lines on (no python there).
  awk '/"id": "counters\./ { split($0, a, "\""); id = substr(a[4], 10); want = 1; next }
       want && /"value":/ { v = $2; gsub(/[,]/, "", v); print id, v; want = 0 }' "$out/case$n.json" > "$out/case$n.ours"
  metrics=$(cut -d' ' -f1 "$out/case$n.ours" | paste -sd,)
  if [ -z "$metrics" ]; then echo "FAIL no counters read: $case"; grep -i counters "$out/case$n.log" | head -3; status=1; continue; fi
  # shellcheck disable=SC2086
  WARPSCOPE_COUNTERS=ncu ncu --profile-from-start off --metrics "$metrics" --csv \
    "$cli" run $case --device cuda:0 --out "$out/case$n.ncu.json" > "$out/case$n.ncu.csv" 2> "$out/case$n.ncu.log" \
    || { echo "FAIL ncu: $case"; tail -3 "$out/case$n.ncu.log"; status=1; continue; }
  # ncu's CSV: quoted fields; the metric name and value are the last three columns' first and third.
  awk -v label="$case" -F'","' '
    NR == FNR { ours[$1] = $2 + 0; next }
    /^"/ && !header { for (i = 1; i <= NF; ++i) { h = $i; gsub(/"/, "", h); if (h == "Metric Name") mn = i; if (h == "Metric Value") mv = i }
                     header = 1; next }
    /^"/ { m = $mn; v = $mv; gsub(/[",]/, "", v); if (!(m in ncu)) ncu[m] = v + 0; ++count[m] }
    END {
      bad = 0
      for (m in ours) {
        if (!(m in ncu)) { printf "FAIL %s | %s: ncu gave no value\n", label, m; bad = 1; continue }
        d = ours[m] - ncu[m]; if (d < 0) d = -d
        base = ncu[m] < 0 ? -ncu[m] : ncu[m]; if (base < 1e-12) base = 1e-12
        rel = d / base
        printf "%s %s | %s | warpscope %.6g | ncu %.6g | %.3f%% | ncu launches %d\n", (rel <= 0.01 ? "ok  " : "FAIL"), label, m, ours[m], ncu[m], 100 * rel, count[m]
        if (rel > 0.01) bad = 1
      }
      exit bad
    }' <(tr ' ' '"' < "$out/case$n.ours" | sed 's/"/","/') "$out/case$n.ncu.csv" || status=1
done
exit $status
