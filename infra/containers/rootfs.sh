#!/usr/bin/env bash
# Shared by the image builders (infra/containers/build-images.sh for the container tier's images,
# infra/compose/build-images.sh for the compose tier's stand-ins): package versions (the cache
# keys), the Debian mirrors, one debootstrapped base rootfs per build, a rootfs with a package,
# and the import of a rootfs as an image. Sourced, not run. The caller sets:
#   CLI (podman|docker), SUITE, WORK (a temporary directory), CACHE (debootstrap's package cache),
#   MIRROR, SECURITY_MIRROR (from mirror/security_mirror), and defines log and die.
# A builder's recipe hash includes the text of the functions it uses (`declare -f`), so a change
# here rebuilds what depends on it.
image_exists() { "$CLI" image inspect "$1" >/dev/null 2>&1; }

# ------------------------------------------------------------------ versions (the cache key)
candidate() { apt-cache policy "$1" 2>/dev/null | awk '/Candidate:/ && !seen { print $2; seen = 1 }'; }
as_tag() { printf '%s' "$1" | sed -e 's/^[0-9]*://' -e 's/[^A-Za-z0-9_.-]/-/g'; }

# ------------------------------------------------------------------ mirrors and rootfs
mirror() {
  if [ -n "${DEBIAN_MIRROR:-}" ]; then printf '%s' "$DEBIAN_MIRROR"; return; fi
  local found
  # deb822 sources: the URIs of the stanza whose Suites name bookworm (not -security).
  found="$(awk '
    /^URIs:/ { uri = $2 }
    /^Suites:/ { for (i = 2; i <= NF; i++) if ($i == "bookworm") { print uri; exit } }
  ' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n 1)"
  if [ -z "$found" ]; then
    found="$(awk '$1 == "deb" && $3 == "bookworm" { print $2; exit }' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null | head -n 1)"
  fi
  printf '%s' "${found:-http://deb.debian.org/debian}"
}
security_mirror() {
  if [ -n "${DEBIAN_SECURITY_MIRROR:-}" ]; then printf '%s' "$DEBIAN_SECURITY_MIRROR"; return; fi
  local found
  found="$(awk '
    /^URIs:/ { uri = $2 }
    /^Suites:/ { for (i = 2; i <= NF; i++) if ($i == "bookworm-security") { print uri; exit } }
  ' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n 1)"
  if [ -z "$found" ]; then
    found="$(awk '$1 == "deb" && $3 == "bookworm-security" { print $2; exit }' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null | head -n 1)"
  fi
  printf '%s' "${found:-http://deb.debian.org/debian-security}"
}

# base_rootfs: one `debootstrap --variant=minbase` per build, upgraded from bookworm-updates and
# bookworm-security (debootstrap installs the point release; the host's apt, the cache key, knows
# the updates too). Each image starts from a copy of it.
BASE=""
base_rootfs() {
  [ -z "$BASE" ] || return 0
  local dir="$WORK/base" t0=$SECONDS
  log "debootstrap --variant=minbase $SUITE ($MIRROR)"
  if ! debootstrap --variant=minbase --cache-dir="$CACHE" "$SUITE" "$dir" "$MIRROR" \
    >"$WORK/debootstrap.log" 2>&1; then
    tail -n 20 "$WORK/debootstrap.log" >&2
    die "debootstrap failed (log above)"
  fi
  printf 'deb %s %s %s-updates main\ndeb %s %s-security main\n' \
    "$MIRROR" "$SUITE" "$SUITE" "$SECURITY_MIRROR" "$SUITE" >"$dir/etc/apt/sources.list"
  cp /etc/resolv.conf "$dir/etc/resolv.conf"
  printf '#!/bin/sh\nexit 101\n' >"$dir/usr/sbin/policy-rc.d" # no service starts in the chroot
  chmod 755 "$dir/usr/sbin/policy-rc.d"
  if ! { chroot "$dir" apt-get update -qq && DEBIAN_FRONTEND=noninteractive chroot "$dir" apt-get -y -qq upgrade; } \
    >"$WORK/upgrade.log" 2>&1; then
    tail -n 20 "$WORK/upgrade.log" >&2
    die "apt-get upgrade in the base rootfs failed (log above)"
  fi
  BASE="$dir"
  log "base rootfs in $((SECONDS - t0)) s"
}

# rootfs <dir> <package>: the base with one package (and its dependencies), trimmed.
rootfs() {
  local dir=$1 package=$2 t0=$SECONDS
  case "$dir" in "$WORK"/?*) ;; *) die "refusing to build a rootfs outside $WORK: '$dir'" ;; esac
  base_rootfs
  cp -a "$BASE" "$dir"
  log "apt-get install $package"
  if ! DEBIAN_FRONTEND=noninteractive chroot "$dir" apt-get install -y -qq --no-install-recommends "$package" \
    >"$WORK/install-$package.log" 2>&1; then
    tail -n 20 "$WORK/install-$package.log" >&2
    die "apt-get install $package in the rootfs failed (log above)"
  fi
  chroot "$dir" apt-get clean
  rm -f "$dir/usr/sbin/policy-rc.d" "$dir/etc/resolv.conf"
  rm -rf "$dir"/usr/share/doc/* "$dir"/usr/share/man/* "$dir"/usr/share/info/* \
    "$dir"/var/cache/apt/* "$dir"/var/lib/apt/lists/* "$dir"/var/log/*.log
  find "$dir"/usr/share/locale -mindepth 1 -maxdepth 1 ! -name 'locale.alias' -exec rm -rf {} + 2>/dev/null || true
  log "rootfs with $package in $((SECONDS - t0)) s"
}

# shellcheck disable=SC2016 # dpkg-query's own ${Version}, not the shell's
installed_version() { chroot "$1" dpkg-query -W -f='${Version}' "$2"; }

# import <dir> <tag> <alias> <change...>: tar the rootfs into an image, tag the alias too.
import_image() {
  local dir=$1 tag=$2 alias=$3; shift 3
  local changes=() change
  for change in "$@"; do changes+=(--change "$change"); done
  log "import $tag"
  tar -C "$dir" --numeric-owner -c . | "$CLI" import "${changes[@]}" - "$tag" >/dev/null \
    || die "$CLI import $tag failed"
  "$CLI" tag "$tag" "$alias" >/dev/null || die "$CLI tag $tag $alias failed"
}

# Package lists younger than 6 hours are fresh enough for the cache key (no mirror round trip).
lists_fresh() { [ -n "$(find /var/lib/apt/lists -maxdepth 1 -name '*Release' -mmin -360 2>/dev/null | head -n 1)" ]; }
