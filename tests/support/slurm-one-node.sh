#!/usr/bin/env bash
# A one-node Slurm cluster on localhost for tests, from Debian 12's own packages (slurmctld,
# slurmd, slurm-client, munge; Slurm 22.05). Everything lives in DIR: its own munge key and
# socket, slurm.conf and gres.conf, state, spool, pid and log files, on free TCP ports picked at
# start, so several clusters run side by side (ctest -j) and /etc/slurm, /etc/munge and the
# system's munged are never used.
#
#   slurm-one-node.sh start DIR   starts munged, slurmctld and slurmd, waits (30 s at most,
#                                 SLURM_ONE_NODE_TIMEOUT) until the node is idle, and prints
#                                 SLURM_CONF=DIR/slurm.conf on stdout. On failure: one line on
#                                 stderr saying what failed (with the daemon's log tail), what
#                                 was started is stopped again, exit status 1.
#   slurm-one-node.sh start DIR OWNER_PID   the same, and the cluster stops by itself once process
#                                 OWNER_PID has ended (a test killed before it could stop it).
#   slurm-one-node.sh stop DIR    cancels the cluster's jobs, ends its job steps and daemons (by
#                                 their pid files); safe to call twice, or after a failed start.
#
# The node is "localhost" (127.0.0.1) with the machine's CPUs and one GPU, gres gpu:1 (its device
# file a link to /dev/null: Slurm 22.05 drops a GPU without one), in partition "debug". Jobs run as
# the user who started the cluster when it is not root (slurmd cannot change user then).
# Use it with SLURM_CONF=DIR/slurm.conf in the environment of srun, squeue, scancel, sinfo.
set -u
export PATH="$PATH:/usr/sbin:/sbin"
timeout_s=${SLURM_ONE_NODE_TIMEOUT:-30}
# A test run inside a Slurm job must not hand that job's settings to our daemons and tools.
for v in $(compgen -e); do [[ $v == SLURM_* ]] && unset "$v"; done
umask 077

me="slurm-one-node"
usage() { echo "usage: $0 start DIR [OWNER_PID] | stop DIR" >&2; exit 2; }
[ $# -eq 2 ] || { [ $# -eq 3 ] && [ "$1" = start ]; } || usage
cmd=$1
dir=$2
owner=${3:-}
script="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
[ -n "$dir" ] || usage
case "$cmd" in start) mkdir -p "$dir" 2>/dev/null ;; stop) ;; *) usage ;; esac
[ -d "$dir" ] || { [ "$cmd" = stop ] && exit 0; echo "$me: cannot create directory $dir" >&2; exit 1; }
dir=$(cd "$dir" && pwd -P)
conf="$dir/slurm.conf"

# With OWNER_PID: a watchdog stops the cluster once that process is gone without stopping it (a
# test killed by a timeout or a crash), so no daemons outlive it. It ends with DIR's slurm.conf.
start_watchdog() {
  [ -n "$owner" ] || return 0
  setsid bash -c 'while kill -0 "$1" 2>/dev/null && [ -e "$2/slurm.conf" ]; do sleep 2; done; exec "$3" stop "$2"' \
    watchdog "$owner" "$dir" "$script" </dev/null >/dev/null 2>&1 &
}

# True when pid file $1 names a live process whose command line mentions this cluster's DIR (so a
# recycled pid is never killed).
ours() {
  local pid
  [ -s "$1" ] || return 1
  pid=$(tr -dc '0-9' < "$1")
  [ -n "$pid" ] && [ -r "/proc/$pid/cmdline" ] || return 1
  tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null | grep -qF "$dir/" || return 1
  echo "$pid"
}

# Ends the processes $@: SIGTERM, up to 10 s, then SIGKILL.
end_pids() {
  [ $# -gt 0 ] || return 0
  kill -TERM "$@" 2>/dev/null
  local p alive
  for _ in $(seq 1 100); do
    alive=()
    for p in "$@"; do [ -d "/proc/$p" ] && [ "$(cut -d' ' -f3 "/proc/$p/stat" 2>/dev/null)" != Z ] && alive+=("$p"); done
    [ ${#alive[@]} -gt 0 ] || return 0
    sleep 0.1
  done
  kill -KILL "${alive[@]}" 2>/dev/null
  return 0
}

# The job steps (slurmstepd) of this cluster: they keep DIR/slurmd.log open. And all their
# descendants (the tasks). From /proc: pgrep (procps) is not in a minimal Debian.
step_pids() {
  local p f comm
  for p in /proc/[0-9]*; do
    read -r comm 2>/dev/null < "$p/comm" || continue
    [ "$comm" = slurmstepd ] || continue
    for f in "$p"/fd/*; do
      [ "$(readlink "$f" 2>/dev/null)" = "$dir/slurmd.log" ] && { echo "${p#/proc/}"; break; }
    done
  done
}
descendants() {
  local p c stat rest
  local -A children=()
  for p in /proc/[0-9]*; do
    read -r stat 2>/dev/null < "$p/stat" || continue
    rest=${stat##*) }          # "state ppid ..." after the command name
    rest=${rest#* }
    children[${rest%% *}]+=" ${p#/proc/}"
  done
  local todo=("$@") next
  while [ ${#todo[@]} -gt 0 ]; do
    next=()
    for p in "${todo[@]}"; do
      for c in ${children[$p]:-}; do echo "$c"; next+=("$c"); done
    done
    todo=("${next[@]}")
  done
}

stop_cluster() {
  local ctld slurmd_pid munged_pid steps
  if ctld=$(ours "$dir/slurmctld.pid") && [ -f "$conf" ]; then
    # Jobs end as scancel ends them: SIGTERM, KillWait later SIGKILL, the node's epilog.
    local jobs
    jobs=$(SLURM_CONF=$conf timeout 5 squeue -h -o %i 2>/dev/null | tr '\n' ' ')
    if [ -n "${jobs// /}" ]; then
      # shellcheck disable=SC2086
      SLURM_CONF=$conf timeout 5 scancel $jobs >/dev/null 2>&1
      # Until the tasks are gone (a step whose srun is gone lingers some seconds more: it is
      # killed below).
      for _ in $(seq 1 50); do
        steps=$(step_pids)
        # shellcheck disable=SC2086
        [ -z "$steps" ] || [ -z "$(descendants $steps)" ] && break
        sleep 0.1
      done
    fi
  fi
  steps=$(step_pids)
  if [ -n "$steps" ]; then
    # The tasks as scancel would end them; slurmstepd itself does not end on SIGTERM.
    # shellcheck disable=SC2046,SC2086
    end_pids $(descendants $steps)
    # shellcheck disable=SC2086
    kill -KILL $steps 2>/dev/null
  fi
  slurmd_pid=$(ours "$dir/slurmd.pid") && end_pids "$slurmd_pid"
  ctld=$(ours "$dir/slurmctld.pid") && end_pids "$ctld"
  munged_pid=$(ours "$dir/munged.pid") && end_pids "$munged_pid"
  rm -f "$dir/slurmd.pid" "$dir/slurmctld.pid" "$dir/munged.pid"
  return 0
}

if [ "$cmd" = stop ]; then
  stop_cluster
  exit 0
fi

# --- start -------------------------------------------------------------------------------------

# The last lines of the files $@, on one line.
tail_of() {
  local f out=""
  for f in "$@"; do
    [ -s "$f" ] || continue
    out+=" [$(basename "$f"): $(tail -n 4 "$f" | tr -s '\n\t' '  ' | cut -c1-600)]"
  done
  echo "$out"
}
fail() {
  echo "$me: $1$(tail_of "${@:2}")" >&2
  stop_cluster
  exit 1
}

for p in munged munge unmunge slurmctld slurmd slurmstepd sinfo srun squeue scancel scontrol; do
  command -v "$p" >/dev/null 2>&1 || { echo "$me: $p is not installed (Debian: apt-get install munge slurmctld slurmd slurm-client)" >&2; exit 1; }
done
# What the machine must offer, said at once rather than after minutes of retries: Slurm 22.05's
# slurmd initialises its cgroup plugin unconditionally (a "disabled" plugin came in 24.05), and
# the daemons and clients resolve the node's name.
case "$(stat -fc %T /sys/fs/cgroup 2>/dev/null)" in
  cgroup2fs | tmpfs | cgroupfs) ;;
  *) echo "$me: this machine has no cgroup filesystem at /sys/fs/cgroup (a chroot?), and slurmd 22.05 cannot start without one" >&2; exit 1 ;;
esac
getent hosts localhost >/dev/null 2>&1 ||
  { echo "$me: the name localhost does not resolve here (no /etc/hosts?), and the daemons find each other by it" >&2; exit 1; }
user=$(id -un 2>/dev/null) || { echo "$me: the user id $(id -u) has no name (passwd entry); slurm.conf needs one for SlurmUser" >&2; exit 1; }
if [ ${#dir} -gt 90 ]; then
  echo "$me: the path $dir is too long for munged's socket (a Unix socket path holds 107 bytes); use a shorter directory" >&2
  exit 1
fi
if [ -e "$conf" ] && [ -n "$(ours "$dir/slurmctld.pid" 2>/dev/null)" ]; then
  echo "$me: a cluster already runs in $dir" >&2
  exit 1
fi
chmod 0700 "$dir"
mkdir -p "$dir/state" "$dir/spool"
# munge: its own key, socket, pid, log and seed file. --force: run as root, and with a socket
# directory that other users cannot enter (they need not: every client is this user's).
rm -f "$dir/munge.key"
dd if=/dev/urandom of="$dir/munge.key" bs=1024 count=1 status=none || fail "writing the munge key failed"
chmod 0400 "$dir/munge.key"
: > "$dir/munged.log"
munged --socket="$dir/munge.sock" --key-file="$dir/munge.key" --pid-file="$dir/munged.pid" \
  --log-file="$dir/munged.log" --seed-file="$dir/munged.seed" --origin=127.0.0.1 --force \
  </dev/null >"$dir/munged.out" 2>&1 || fail "munged did not start:" "$dir/munged.out" "$dir/munged.log"
ok=""
for _ in $(seq 1 50); do
  if [ -S "$dir/munge.sock" ] && munge -n -S "$dir/munge.sock" 2>/dev/null | unmunge -S "$dir/munge.sock" >/dev/null 2>&1; then ok=1; break; fi
  sleep 0.1
done
[ -n "$ok" ] || fail "munged does not answer on $dir/munge.sock:" "$dir/munged.out" "$dir/munged.log"

# The node's hardware as slurmd sees it (the node drains when slurm.conf claims more).
hw=$(slurmd -C 2>/dev/null | head -1)
cpus=$(sed -n 's/.* CPUs=\([0-9]*\).*/\1/p' <<<"$hw")
boards=$(sed -n 's/.* Boards=\([0-9]*\).*/\1/p' <<<"$hw")
sockets=$(sed -n 's/.* SocketsPerBoard=\([0-9]*\).*/\1/p' <<<"$hw")
cores=$(sed -n 's/.* CoresPerSocket=\([0-9]*\).*/\1/p' <<<"$hw")
threads=$(sed -n 's/.* ThreadsPerCore=\([0-9]*\).*/\1/p' <<<"$hw")
if [ -n "$cpus" ] && [ -n "$boards" ] && [ -n "$sockets" ] && [ -n "$cores" ] && [ -n "$threads" ]; then
  node_hw="CPUs=$cpus Boards=$boards SocketsPerBoard=$sockets CoresPerSocket=$cores ThreadsPerCore=$threads"
else
  node_hw="CPUs=1"
fi

# A GPU device file: gres/gpu wants a character device, a link to /dev/null will do. Its number
# (0) is what CUDA_VISIBLE_DEVICES says in the job.
ln -sfn /dev/null "$dir/gpu0"
printf 'AutoDetect=off\nName=gpu File=%s\n' "$dir/gpu0" > "$dir/gres.conf"

# A TCP port nobody uses on this machine, below the ephemeral range (srun's own ports come from
# there).
port_used() {
  local hex
  hex=$(printf '%04X' "$1")
  awk -v h=":$hex" 'NR > 1 && substr($2, length($2) - 4) == h { found = 1 } END { exit !found }' \
    /proc/net/tcp /proc/net/tcp6 2>/dev/null
}
read -r eph_lo eph_hi 2>/dev/null < /proc/sys/net/ipv4/ip_local_port_range || { eph_lo=32768; eph_hi=60999; }
free_port() {
  local p lo=10000 span
  span=$(( eph_lo - lo ))
  if [ "$span" -lt 2000 ]; then lo=$(( eph_hi + 1 )); span=$(( 65535 - lo )); fi
  for _ in $(seq 1 200); do
    p=$(( lo + (RANDOM * 32768 + RANDOM) % span ))
    [ "$p" != "${1:-}" ] && ! port_used "$p" && { echo "$p"; return 0; }
  done
  return 1
}

write_conf() {
  cat > "$conf" <<EOF
# A one-node test cluster written by tests/support/slurm-one-node.sh.
ClusterName=warpscope
SlurmctldHost=localhost
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
AuthInfo=socket=$dir/munge.sock
CredType=cred/munge
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
GresTypes=gpu
SlurmdParameters=config_overrides
ReturnToService=2
KillWait=5
MailProg=/bin/true
NodeName=localhost NodeHostname=localhost NodeAddr=127.0.0.1 $node_hw Gres=gpu:1 State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
}

# Started in DIR with SLURM_CONF set, stdio on files (a caller reading our stdout to its end
# must not wait for the daemons).
export SLURM_CONF="$conf"
start_slurm() {
  rm -f "$dir/slurmctld.log" "$dir/slurmd.log" "$dir/slurmctld.pid" "$dir/slurmd.pid"
  (cd "$dir" && exec slurmctld -f "$conf" </dev/null >"$dir/slurmctld.out" 2>&1) ||
    return 1
  # slurmd registers at once when slurmctld already answers (else it tries again a second later).
  for _ in $(seq 1 25); do
    timeout 5 scontrol ping 2>/dev/null | grep -q 'is UP' && break
    grep -qs -e 'fatal' -e 'Address already in use' "$dir/slurmctld.log" && break
    sleep 0.1
  done
  (cd "$dir" && exec slurmd -f "$conf" -N localhost </dev/null >"$dir/slurmd.out" 2>&1) ||
    return 2
  return 0
}
logs=("$dir/slurmctld.out" "$dir/slurmctld.log" "$dir/slurmd.out" "$dir/slurmd.log")
for attempt in 1 2 3; do
  ctld_port=$(free_port) || fail "no free TCP port found"
  slurmd_port=$(free_port "$ctld_port") || fail "no free TCP port found"
  write_conf
  start_slurm
  rc=$?
  [ $rc -eq 1 ] && fail "slurmctld did not start:" "${logs[@]:0:2}"
  [ $rc -eq 2 ] && fail "slurmd did not start:" "${logs[@]}"
  state=""
  why=""
  deadline=$(( $(date +%s) + timeout_s ))
  while [ "$(date +%s)" -lt "$deadline" ]; do
    for d in slurmctld slurmd; do
      if grep -qs 'fatal' "$dir/$d.log" "$dir/$d.out" ||
         { [ -s "$dir/$d.pid" ] && ! ours "$dir/$d.pid" >/dev/null; }; then
        why="$d exited:"
      fi
    done
    # A port taken since we looked: slurmctld ends, slurmd keeps trying; start again on others.
    grep -qs 'Address already in use' "${logs[@]}" && break
    [ -z "$why" ] || break
    state=$(timeout 5 sinfo -h -n localhost -o %T 2>/dev/null | head -1)
    case "$state" in
      idle) start_watchdog; echo "SLURM_CONF=$conf"; exit 0 ;;
      inval*|drain*|fail*)
        why="the node is $state ($(timeout 5 sinfo -h -n localhost -o %E 2>/dev/null | head -1)):"
        break ;;
    esac
    sleep 0.2
  done
  if grep -qs 'Address already in use' "${logs[@]}" && [ $attempt -lt 3 ]; then
    for f in slurmd slurmctld; do pid=$(ours "$dir/$f.pid") && end_pids "$pid"; rm -f "$dir/$f.pid"; done
    continue
  fi
  [ -n "$why" ] || why="the node did not become idle within ${timeout_s} s (sinfo says '${state:-nothing}'):"
  fail "$why" "${logs[@]}"
done
fail "no free TCP ports after 3 tries:" "${logs[@]}"
