#!/usr/bin/env bash
# Checks every hardware counter Warpscope reads against Nsight Compute's value for the same kernel
# launch (on the GPU machine, with ncu on PATH). For each case it runs the lab twice:
#   1. plainly: Warpscope reads its counters (scalars "counters.<metric>" in the JSON);
#   2. with WARPSCOPE_COUNTERS=ncu under `ncu --profile-from-start off`: Warpscope launches the very
#      same counted kernels unprofiled between cudaProfilerStart/Stop, and ncu reads them.
# Prints one line per metric (ours, ncu's, relative difference) and exits 1 if any differs by more
# than 1%. Plain bash and awk: the GPU machine has no python.
#
# NCU_ARGS adds options to ncu (e.g. "-c 1": only the first counted launch, whose values the lab
# reports as its scalars when it reads many kernels in one reading, as atomics does).
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
  # "counters.[<kernel key>.]<metric>" scalars: the id line, then its value three lines on. A
  # metric's name is where the first "__" token starts; a kernel key (several kernels in one
  # reading, e.g. caps.min_blocks_4) is what comes before it, "-" when none. No python there.
  awk '/"id": "counters\./ { split($0, a, "\""); id = substr(a[4], 10); want = 1; next }
       want && /"value":/ { v = $2; gsub(/[,]/, "", v)
                            n = split(id, t, "."); key = ""; metric = ""
                            for (i = 1; i <= n; ++i) { if (metric == "" && index(t[i], "__") == 0) key = key (key == "" ? "" : ".") t[i]
                                                       else metric = metric (metric == "" ? "" : ".") t[i] }
                            print (key == "" ? "-" : key) "\",\"" metric "\",\"" v; want = 0 }' "$out/case$n.json" > "$out/case$n.ours"
  metrics=$(awk -F'","' '{print $2}' "$out/case$n.ours" | sort -u | paste -sd,)
  if [ -z "$metrics" ]; then echo "FAIL no counters read: $case"; grep -i counters "$out/case$n.log" | head -3; status=1; continue; fi
  # shellcheck disable=SC2086
  # Same conditions as Warpscope's reading: ncu by default locks the clocks to base and flushes the
  # caches before each pass, which changes rates (per second, achieved occupancy) and the DRAM
  # writes of dirty L2 lines; Warpscope reads at the GPU's own clocks with the caches as they are.
  WARPSCOPE_COUNTERS=ncu ncu --profile-from-start off --clock-control none --cache-control none ${NCU_ARGS:-} \
    --metrics "$metrics" --csv \
    "$cli" run $case --device cuda:0 --out "$out/case$n.ncu.json" > "$out/case$n.ncu.csv" 2> "$out/case$n.ncu.log" \
    || { echo "FAIL ncu: $case"; tail -3 "$out/case$n.ncu.log"; status=1; continue; }
  # Warpscope's k-th kernel key of a metric is ncu's k-th profiled launch reporting it.
  awk -v label="$case" -F'","' '
    NR == FNR { k = ++nk[$2]; ourKey[$2, k] = $1; ours[$2, k] = $3 + 0; next }
    /^"/ && !header { for (i = 1; i <= NF; ++i) { h = $i; gsub(/"/, "", h); if (h == "Metric Name") mn = i; if (h == "Metric Value") mv = i }
                     header = 1; next }
    /^"/ { m = $mn; v = $mv; gsub(/[",]/, "", v); ncu[m, ++nn[m]] = v + 0 }
    END {
      bad = 0
      for (m in nk) for (k = 1; k <= nk[m]; ++k) {
        what = m (ourKey[m, k] == "-" ? "" : " [" ourKey[m, k] "]")
        if (nn[m] < k) { printf "FAIL %s | %s: ncu gave no value\n", label, what; bad = 1; continue }
        d = ours[m, k] - ncu[m, k]; if (d < 0) d = -d
        base = ncu[m, k] < 0 ? -ncu[m, k] : ncu[m, k]; if (base < 1e-12) base = 1e-12
        rel = d / base
        printf "%s %s | %s | warpscope %.6g | ncu %.6g | %.3f%%\n", (rel <= 0.01 ? "ok  " : "FAIL"), label, what, ours[m, k], ncu[m, k], 100 * rel
        if (rel > 0.01) bad = 1
      }
      if (length(nk) == 0) bad = 1
      exit bad
    }' "$out/case$n.ours" "$out/case$n.ncu.csv" || status=1
done
exit $status
