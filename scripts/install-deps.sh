#!/usr/bin/env bash
# Installs the Debian 12 packages Warpscope builds with, only those that are missing.
# The CUDA toolkit is optional and not a Debian 12 package: when nvcc is found (PATH or
# /usr/local/cuda) the CUDA backend is built, otherwise the app runs on its simulator.
set -euo pipefail
packages=(
  cmake g++ make ninja-build pkg-config  # Ninja keeps both cores busy across targets (issue 32)
  qt6-base-dev qt6-charts-dev qt6-svg-dev libqt6opengl6-dev libgl1-mesa-dev libxkbcommon-dev
  libgtest-dev nlohmann-json3-dev zlib1g-dev
  xvfb xauth fonts-dejavu-core
  poppler-utils  # the handout tests read the PDF's text back (pdftotext)
  python3-jsonschema  # the run JSON is checked against resources/schema/warpscope-run.schema.json
  openssh-client openssh-server  # the GPU-worker-over-ssh test drives a worker through sshd on loopback
  slurmctld slurmd slurm-client munge  # the Slurm tests run a one-node cluster (tests/support/slurm-one-node.sh)
  help2man librsvg2-bin  # the man pages (from --help) and the icon's PNG sizes that `cmake --install` adds
  desktop-file-utils appstream  # the install test validates the menu entry and the AppStream metadata
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
