#!/usr/bin/env bash
# Builds the container tier's test images from Debian packages, without an image registry:
#
#   touchline-postgres:15   Debian bookworm's postgresql-15 (the scaled mode's Postgres 15)
#   touchline-redis:7       Debian bookworm's redis-server (7.x, the scaled mode's Redis 7)
#
# Each image is `debootstrap --variant=minbase --include=<package>` of the Debian mirror, trimmed,
# then `tar | podman import` (or `docker import`) with its ENTRYPOINT, port and labels. An image is
# built only when it is missing: the real tag is `<package version>-r<recipe hash>` (for example
# touchline-postgres:15.20-0-deb12u1-r1a2b3c4d), so a newer Debian package or a change to this
# script builds a new image; `:15` / `:7` then point at the newest build, and the run uses those.
#
#   bash infra/containers/build-images.sh            # build what is missing (root, Debian)
#   bash infra/containers/build-images.sh --check    # exit 0 if both are present, 3 if not
#   bash infra/containers/build-images.sh --force    # rebuild both
#
# Needs root (debootstrap, chroot), debootstrap (installed from apt when missing) and podman or
# docker. One debootstrap per build (the base, upgraded from bookworm-updates/-security), copied
# for each image; downloaded packages stay in /var/cache/touchline-debootstrap
# (TOUCHLINE_DEBOOTSTRAP_CACHE). A lock makes concurrent calls wait for one build. DEBIAN_MIRROR overrides the mirror (default: the first `URIs:`/`deb` line of the
# machine's apt sources for bookworm). CONTAINER_CLI=podman|docker picks the client.
# Progress goes to stderr; the image names are the last lines on stdout.
set -euo pipefail

SUITE=bookworm
PG_PACKAGE=postgresql-15
REDIS_PACKAGE=redis-server
POSTGRES_IMAGE=touchline-postgres
REDIS_IMAGE=touchline-redis
POSTGRES_ALIAS=15
REDIS_ALIAS=7

MODE=build
case "${1:-}" in
  --check) MODE=check ;;
  --force) MODE=force ;;
  '') ;;
  *) echo "usage: $0 [--check|--force]" >&2; exit 2 ;;
esac

log() { printf '[images] %s\n' "$*" >&2; }
die() { printf '[images] error: %s\n' "$*" >&2; exit 1; }

# ------------------------------------------------------------------ client
CLI="${CONTAINER_CLI:-}"
if [ -z "$CLI" ]; then
  if command -v podman >/dev/null; then CLI=podman
  elif command -v docker >/dev/null; then CLI=docker
  else die "neither podman nor docker is installed (run infra/containers/setup-engine.sh as root)"
  fi
fi

# The shared pieces (versions, mirrors, the base rootfs, import): infra/containers/rootfs.sh.
# shellcheck source=infra/containers/rootfs.sh
source "$(dirname "${BASH_SOURCE[0]}")/rootfs.sh"

# ------------------------------------------------------------------ Postgres 15
build_postgres() {
  local t0=$SECONDS dir="$WORK/postgres"
  rootfs "$dir" "$PG_PACKAGE"
  local version; version="$(installed_version "$dir" "$PG_PACKAGE")"
  [ "$version" = "$PG_VERSION" ] || log "warning: $PG_PACKAGE $version in the image, $PG_VERSION on this machine's apt (stale package lists?)"
  # The package made a cluster of its own (pg_createcluster): the image has its own data directory.
  rm -rf "$dir"/var/lib/postgresql/15 "$dir"/etc/postgresql/15
  # No JIT in a test server (jit = off below): LLVM is a third of the image.
  rm -rf "$dir"/usr/lib/postgresql/15/lib/bitcode "$dir"/usr/lib/postgresql/15/lib/llvmjit*
  rm -f "$dir"/usr/lib/x86_64-linux-gnu/libLLVM-*.so*
  mkdir -p "$dir"/var/lib/postgresql/data
  chroot "$dir" chown postgres:postgres /var/lib/postgresql/data
  chmod 700 "$dir"/var/lib/postgresql/data
  # A migrated-at-build cluster: the container starts in well under a second (trust auth, test
  # settings: nothing here is meant to survive a crash).
  chroot --userspec=postgres:postgres "$dir" /usr/lib/postgresql/15/bin/initdb \
    -D /var/lib/postgresql/data --auth=trust --username=postgres -E UTF8 --locale=C.UTF-8 \
    >"$WORK/initdb.log" 2>&1 || { cat "$WORK/initdb.log" >&2; die "initdb failed"; }
  cat >>"$dir"/var/lib/postgresql/data/postgresql.conf <<'CONF'
# touchline-postgres (infra/containers/build-images.sh): a throw-away test server
listen_addresses = '*'
unix_socket_directories = '/tmp'
max_connections = 300
jit = off
fsync = off
synchronous_commit = off
full_page_writes = off
CONF
  echo "host all all all trust" >>"$dir"/var/lib/postgresql/data/pg_hba.conf
  cat >"$dir"/usr/local/bin/touchline-postgres <<'SH'
#!/bin/sh
# Entrypoint of touchline-postgres: the cluster was made at build time (initdb --auth=trust);
# an empty data directory (a mounted volume) is initialised here the same way.
set -e
export PGDATA=/var/lib/postgresql/data
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  /usr/lib/postgresql/15/bin/initdb -D "$PGDATA" --auth=trust --username=postgres -E UTF8 --locale=C.UTF-8
  printf "listen_addresses = '*'\nunix_socket_directories = '/tmp'\n" >>"$PGDATA/postgresql.conf"
  echo "host all all all trust" >>"$PGDATA/pg_hba.conf"
fi
exec /usr/lib/postgresql/15/bin/postgres -D "$PGDATA" "$@"
SH
  chmod 755 "$dir"/usr/local/bin/touchline-postgres
  import_image "$dir" "$PG_TAG" "$POSTGRES_IMAGE:$POSTGRES_ALIAS" \
    'ENTRYPOINT ["/usr/local/bin/touchline-postgres"]' \
    'USER postgres' \
    'EXPOSE 5432' \
    'ENV LANG=C.UTF-8' \
    "LABEL org.touchline.package=$PG_PACKAGE" \
    "LABEL org.touchline.package-version=$version" \
    "LABEL org.touchline.recipe=$RECIPE"
  log "built $PG_TAG ($PG_PACKAGE $version) in $((SECONDS - t0)) s"
}

# ------------------------------------------------------------------ Redis 7
build_redis() {
  local t0=$SECONDS dir="$WORK/redis"
  rootfs "$dir" "$REDIS_PACKAGE"
  local version; version="$(installed_version "$dir" "$REDIS_PACKAGE")"
  [ "$version" = "$REDIS_VERSION" ] || log "warning: $REDIS_PACKAGE $version in the image, $REDIS_VERSION on this machine's apt (stale package lists?)"
  mkdir -p "$dir"/data
  chroot "$dir" chown redis:redis /data
  import_image "$dir" "$REDIS_TAG" "$REDIS_IMAGE:$REDIS_ALIAS" \
    'ENTRYPOINT ["/usr/bin/redis-server", "--bind", "0.0.0.0", "--protected-mode", "no", "--save", "", "--appendonly", "no", "--dir", "/data"]' \
    'USER redis' \
    'WORKDIR /data' \
    'EXPOSE 6379' \
    "LABEL org.touchline.package=$REDIS_PACKAGE" \
    "LABEL org.touchline.package-version=$version" \
    "LABEL org.touchline.recipe=$RECIPE"
  log "built $REDIS_TAG ($REDIS_PACKAGE $version) in $((SECONDS - t0)) s"
}


# The recipe in the tag: a hash of the functions that make the images (bash prints them without
# comments), so a change to what goes into an image builds again, and nothing else does.
RECIPE="r$(declare -f base_rootfs rootfs import_image build_postgres build_redis | sha256sum | cut -c1-8)"

# One build at a time on this machine (CI starts one in the background; the tier then waits for it
# and finds the images cached).
if [ "$MODE" != check ] && [ "$(id -u)" -eq 0 ]; then
  exec 9>/var/lock/touchline-test-images.lock
  if ! flock -n 9; then
    log "another build of the test images is running: waiting for it"
    flock 9
  fi
fi
if [ "$MODE" != check ] && [ "$(id -u)" -eq 0 ] && ! lists_fresh; then
  timeout 300 apt-get update -qq >/dev/null 2>&1 || log "apt-get update failed: using the package lists there are"
fi
PG_VERSION="$(candidate "$PG_PACKAGE")"
REDIS_VERSION="$(candidate "$REDIS_PACKAGE")"
{ [ -n "$PG_VERSION" ] && [ "$PG_VERSION" != "(none)" ]; } || die "apt knows no $PG_PACKAGE (Debian bookworm sources needed)"
{ [ -n "$REDIS_VERSION" ] && [ "$REDIS_VERSION" != "(none)" ]; } || die "apt knows no $REDIS_PACKAGE (Debian bookworm sources needed)"
PG_TAG="$POSTGRES_IMAGE:$(as_tag "$PG_VERSION")-$RECIPE"
REDIS_TAG="$REDIS_IMAGE:$(as_tag "$REDIS_VERSION")-$RECIPE"

if [ "$MODE" = check ]; then
  missing=0
  for tag in "$PG_TAG" "$REDIS_TAG"; do
    if image_exists "$tag"; then log "present: $tag"; else log "missing: $tag"; missing=1; fi
  done
  [ "$missing" = 0 ] || exit 3
  printf '%s\n%s\n' "$POSTGRES_IMAGE:$POSTGRES_ALIAS" "$REDIS_IMAGE:$REDIS_ALIAS"
  exit 0
fi

# ------------------------------------------------------------------ build helpers
[ "$(id -u)" -eq 0 ] || die "building the images needs root (debootstrap and chroot); or set TOUCHLINE_TEST_IMAGES=official where a registry is reachable"
if ! command -v debootstrap >/dev/null; then
  log "installing debootstrap (apt-get install -y debootstrap)"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null || die "apt-get install debootstrap failed"
fi

MIRROR="$(mirror)"
SECURITY_MIRROR="$(security_mirror)"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/touchline-images.XXXXXX")"
CACHE="${TOUCHLINE_DEBOOTSTRAP_CACHE:-/var/cache/touchline-debootstrap}"
mkdir -p "$CACHE"
cleanup() { rm -rf "$WORK"; }
trap cleanup EXIT
trap 'exit 143' TERM INT

# ------------------------------------------------------------------ main
built=0
if [ "$MODE" = force ] || ! image_exists "$PG_TAG"; then build_postgres; built=1
else "$CLI" tag "$PG_TAG" "$POSTGRES_IMAGE:$POSTGRES_ALIAS" >/dev/null; log "cached: $PG_TAG"
fi
if [ "$MODE" = force ] || ! image_exists "$REDIS_TAG"; then build_redis; built=1
else "$CLI" tag "$REDIS_TAG" "$REDIS_IMAGE:$REDIS_ALIAS" >/dev/null; log "cached: $REDIS_TAG"
fi
if [ "$built" = 1 ]; then
  # Older builds of these images (another package version or recipe) are no longer used.
  CONTAINER_CLI="$CLI" bash "$(dirname "${BASH_SOURCE[0]}")/prune-images.sh" "$PG_TAG" "$REDIS_TAG"
fi
printf '%s\n%s\n' "$POSTGRES_IMAGE:$POSTGRES_ALIAS" "$REDIS_IMAGE:$REDIS_ALIAS"
