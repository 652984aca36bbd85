#!/bin/bash
# Checks the README's quick start on a fresh machine: makes a minimal Debian
# bookworm root with debootstrap (from this machine's Debian apt sources),
# mounts the CUDA toolkit into it read-only when there is one, clones this
# repository into it and runs the README's two commands there, as root, with
# a clean environment, as a new user would: scripts/example.sh (its output
# must be the vector sum, examples/vecadd.expected), then scripts/check.sh.
# Reports each command's exit code and time; exits non-zero when either
# fails. Removes the root and everything it mounted when it ends, whichever
# way it ends.
#
#   scripts/check-fresh-machine.sh [--keep] [--rev <commit>] [--cold]
#
#   --keep          keep the root (build-fresh-machine/root) for a look
#   --rev <commit>  the commit to clone (default HEAD)
#   --cold          do not lend this machine's ccache to the root: the
#                   builds take as long as on a new machine
#
# Needs root, the network (Debian's mirror) and about 6 GB of disk.
# CI runs it from scripts/check.sh (CI=true).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

keep=0 rev=HEAD cold=0
while [ $# -gt 0 ]; do
  case $1 in
  --keep) keep=1 ;;
  --rev) rev=$2; shift ;;
  --cold) cold=1 ;;
  *) echo "check-fresh-machine: unknown argument '$1'" >&2; exit 2 ;;
  esac
  shift
done

say() { echo "check-fresh-machine: $*"; }
fail() { say "$*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || fail "needs root (debootstrap, chroot, mount)"
commit=$(git rev-parse --verify "$rev^{commit}") ||
  fail "'$rev' is not a commit of this repository"

work=$repo/build-fresh-machine
root=$work/root
# The clone sits at this repository's path inside the root, so that a lent
# ccache finds the same compile commands.
clone=$root$repo
mounts=()

cleanup() {
  local status=$?
  local i
  for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do
    umount "${mounts[i]}" 2>/dev/null || umount -l "${mounts[i]}" || true
  done
  if [ -d "$root" ] && [ "$keep" = 0 ]; then
    # Never remove through a mount that is still there (the CUDA toolkit,
    # the ccache).
    if grep -qF " $root/" /proc/self/mountinfo; then
      say "something is still mounted under $root; not removing it" >&2
      status=1
    else
      rm -rf --one-file-system "$root"
    fi
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

mount_into() { # mount_into <target> <mount args...>
  local target=$1
  shift
  mkdir -p "$target"
  mount "$@" "$target"
  mounts+=("$target")
}

bind_read_only() { # bind_read_only <source> <target>
  mount_into "$2" --bind "$1"
  mount -o remount,bind,ro "$2"
}

# What this script itself needs on the machine it runs on.
need=()
command -v debootstrap >/dev/null || need+=(debootstrap)
command -v chroot >/dev/null || need+=(coreutils)
if [ ${#need[@]} -gt 0 ]; then
  say "installing ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${need[@]}"
fi

# This machine's Debian sources: one-line `deb` entries and deb822 files
# that name Debian's archive keyring or a .../debian(-security) archive.
sources=()
for file in /etc/apt/sources.list /etc/apt/sources.list.d/*.list \
  /etc/apt/sources.list.d/*.sources; do
  [ -f "$file" ] || continue
  if grep -qE 'debian-archive-keyring|://[^ ]*/debian(-security)?/?( |$)' \
    "$file"; then
    sources+=("$file")
  fi
done
[ ${#sources[@]} -gt 0 ] || fail "no Debian apt source on this machine"
mirror=$(sed -nE 's|^URIs:[[:space:]]*([^[:space:]]*/debian)/?$|\1|p;
  s|^deb[[:space:]]+(\[[^]]*\][[:space:]]+)?([^[:space:]]*/debian)/?[[:space:]].*|\2|p' \
  "${sources[@]}" | head -1)
[ -n "$mirror" ] || fail "no Debian mirror in ${sources[*]}"

rm -rf --one-file-system "$root"
mkdir -p "$work"
log=$work/debootstrap.log
say "debootstrap --variant=minbase bookworm from $mirror"
start=$SECONDS
if ! debootstrap --variant=minbase bookworm "$root" "$mirror" >"$log" 2>&1; then
  tail -20 "$log" >&2
  fail "debootstrap failed (log: $log)"
fi
say "minimal root made in $((SECONDS - start)) s"

rm -f "$root"/etc/apt/sources.list
for file in "${sources[@]}"; do
  cp "$file" "$root/etc/apt/sources.list.d/$(basename "$file")"
  case $file in */sources.list) mv "$root/etc/apt/sources.list.d/sources.list" \
    "$root/etc/apt/sources.list.d/host.list" ;; esac
done
cp -L /etc/resolv.conf "$root/etc/resolv.conf"

mount_into "$root/proc" -t proc proc
mount_into "$root/sys" -t sysfs -o ro sysfs
mount_into "$root/dev/pts" -t devpts devpts
mount_into "$root/dev/shm" -t tmpfs tmpfs
if [ -d /usr/local/cuda/bin ]; then
  bind_read_only "$(readlink -f /usr/local/cuda)" "$root/usr/local/cuda"
  say "CUDA toolkit mounted read-only at /usr/local/cuda"
fi
if [ "$cold" = 0 ] && command -v ccache >/dev/null; then
  cache=$(ccache -k cache_dir)
  mkdir -p "$cache"
  mount_into "$root/root/.cache/ccache" --bind "$cache"
  say "this machine's ccache lent to the root ($cache)"
fi

mkdir -p "$(dirname "$clone")"
git clone -q --no-hardlinks "$repo" "$clone"
git -C "$clone" checkout -q "$commit"
say "cloned $(git -C "$clone" log -1 --format='%h %s' | cut -c1-72)"

# As root on a new machine: a login's environment, nothing of this one's.
run_in_root() { # run_in_root <log> <command>
  chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM=dumb \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    /bin/bash -c "cd '$repo' && $2" >"$1" 2>&1
}

results=() failed=0
for command in scripts/example.sh scripts/check.sh; do
  name=$(basename "$command" .sh)
  log=$work/$name.log
  say "running $command (log: $log)"
  start=$SECONDS
  status=0
  run_in_root "$log" "$command" || status=$?
  seconds=$((SECONDS - start))
  # Command (1) prints the vector sum.
  if [ "$status" = 0 ] && [ "$name" = example ]; then
    cp "$log" "$clone/build/example.log"
    if ! chroot "$root" /usr/lib/llvm-22/bin/FileCheck \
      "$repo/examples/vecadd.expected" \
      --input-file="$repo/build/example.log" >&2; then
      say "$command exited 0 but did not print the vector sum" >&2
      status=1
    fi
  fi
  results+=("$command: exit code $status, $seconds s")
  if [ "$status" != 0 ]; then
    failed=1
    tail -40 "$log" >&2
    say "$command failed in the fresh root (exit code $status)" >&2
  fi
  [ "$status" = 0 ] || break
done

for result in "${results[@]}"; do
  say "$result"
done
exit "$failed"
