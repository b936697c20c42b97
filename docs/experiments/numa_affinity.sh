#!/usr/bin/env bash
# Does the host NUMA node that the measuring process runs on explain why whole runs of
# um-streaming are fast or slow (docs/logs/history.md, "Issue 6, fifth session")?
# There: docs/experiments/numa_affinity.sh .device/bundle.tar.xz OUTDIR [runs per binding]
set -u
bundle=${1:?bundle.tar.xz}; out=${2:?output folder}; runs=${3:-4}
mkdir -p "$out"
tar xJf "$bundle" -C /tmp && source /tmp/bundle/env.sh
bus=$(nvidia-smi --query-gpu=pci.bus_id --format=csv,noheader | head -1)
sysfs=/sys/bus/pci/devices/$(echo "${bus: -12}" | tr A-Z a-z)
gpu_node=$(cat "$sysfs/numa_node"); gpu_cpus=$(cat "$sysfs/local_cpulist")
allowed=$(taskset -pc $$ | sed 's/.*: //')
{
  echo "GPU $bus numa_node=$gpu_node local_cpulist=$gpu_cpus; this process may run on: $allowed"
  for n in /sys/devices/system/node/node*; do echo "$(basename $n): cpus $(cat $n/cpulist)"; done
  lscpu | grep -i -E 'model name|socket|numa|^cpu\(s\)'
  nvidia-smi topo -m
  command -v numactl python3
} 2>&1 | tee "$out/topology.txt"
# Each NUMA node's CPUs: taskset keeps those of them this container may use, as the kernel
# intersects an affinity mask with the cpuset.
declare -A node_cpus
for n in /sys/devices/system/node/node*; do node_cpus[${n##*node}]=$(cat "$n/cpulist"); done
echo "nodes: $(for k in "${!node_cpus[@]}"; do echo -n "node$k=[${node_cpus[$k]}] "; done)" | tee -a "$out/topology.txt"
pick() {  # figures of one run, from its JSON
  awk -F'"' '/"id":/ {id=$4} /"value":/ && id ~ /gbps\.(thread_4b|warp_64k|prefetch|memcpy_pinned)$|prefetch_vs_memcpy\.(64mib|largest)$/ {
    v=$0; sub(/.*: */, "", v); sub(/,?$/, "", v); printf "%s=%.3f ", id, v; id=""}' "$1" \
    | sed -e 's/streaming\.gbps\.//g' -e 's/streaming\.size_study\.prefetch_vs_memcpy\./ratio_/g'
}
for i in $(seq 1 "$runs"); do
  for binding in none "${!node_cpus[@]}"; do
    if [ "$binding" = none ]; then cmd=(); label=unbound; else cmd=(taskset -c "${node_cpus[$binding]}"); label="node$binding"; fi
    [ "$binding" = "$gpu_node" ] && label+="(gpu-local)"
    "${cmd[@]}" warpscope-cli run um-streaming --device cuda:0 --out /tmp/r.json >/dev/null 2>&1
    echo "run $i $label: $(pick /tmp/r.json)" | tee -a "$out/runs.txt"
  done
done
