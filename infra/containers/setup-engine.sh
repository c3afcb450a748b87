#!/usr/bin/env bash
# A Docker-compatible container engine for the container tier, where none runs.
#
#   infra/containers/setup-engine.sh start <dir>   prints the DOCKER_HOST to use (last stdout line)
#   infra/containers/setup-engine.sh stop <dir>    stops the engine `start <dir>` started, if any
#   infra/containers/setup-engine.sh status        exit 0 when an engine answers (prints its host)
#   infra/containers/setup-engine.sh compose       podman, runc and podman-compose ready for the
#                                                  compose tier (root on Debian; no service started:
#                                                  podman-compose drives the podman command itself)
#
# `start` does nothing but print the host when Docker or podman already answers (DOCKER_HOST, then
# /var/run/docker.sock, then podman's own sockets). Otherwise, as root on Debian, it installs
# podman and runc from apt when missing, writes /etc/containers/containers.conf (runc, cgroupfs, no
# default ulimits: crun fails on setrlimit and hybrid cgroups on this machine kind), and starts
# `podman system service --time=0 unix://<dir>/podman.sock` in the background for this test run
# (pid in <dir>/podman.pid, log in <dir>/podman.log). `stop <dir>` ends that process only.
#
# Test traffic stays on loopback: callers set TESTCONTAINERS_HOST_OVERRIDE=127.0.0.1.
set -euo pipefail

log() { printf '[engine] %s\n' "$*" >&2; }
die() { printf '[engine] error: %s\n' "$*" >&2; exit 1; }

MARKER='# written by touchline infra/containers/setup-engine.sh'
CONF=/etc/containers/containers.conf

# answers <unix socket path>: the Docker API's /_ping says OK.
answers() {
  [ -S "$1" ] || return 1
  [ "$(curl -fsS --max-time 5 --unix-socket "$1" http://localhost/_ping 2>/dev/null)" = OK ]
}

# The first engine that answers, as a DOCKER_HOST value.
running_engine() {
  local candidates=()
  case "${DOCKER_HOST:-}" in
    unix://*) candidates+=("${DOCKER_HOST#unix://}") ;;
    '') ;;
    *) # tcp:// and the like: trust the caller's setting when the docker client reaches it.
      if command -v docker >/dev/null && docker version >/dev/null 2>&1; then
        printf '%s' "$DOCKER_HOST"; return 0
      fi ;;
  esac
  candidates+=(/var/run/docker.sock /run/podman/podman.sock "${XDG_RUNTIME_DIR:-/nonexistent}/podman/podman.sock")
  local sock
  for sock in "${candidates[@]}"; do
    if answers "$sock"; then printf 'unix://%s' "$sock"; return 0; fi
  done
  return 1
}

write_conf() {
  if [ -f "$CONF" ] && ! grep -qF "$MARKER" "$CONF"; then
    # Someone's own configuration: keep it, only say what the tier needs.
    if ! grep -q 'cgroup_manager *= *"cgroupfs"' "$CONF" || ! grep -q 'runtime *= *"runc"' "$CONF"; then
      log "keeping $CONF as it is; if containers fail to start, it needs [engine] runtime=\"runc\", cgroup_manager=\"cgroupfs\" and [containers] default_ulimits=[]"
    fi
    return 0
  fi
  mkdir -p "$(dirname "$CONF")"
  cat >"$CONF" <<EOF
$MARKER
# (runc and cgroupfs: crun fails on setrlimit and hybrid cgroups on this machine kind)
[containers]
default_ulimits = []

[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
EOF
}

start() {
  local dir=${1:?usage: setup-engine.sh start <dir>}
  local host
  if host="$(running_engine)"; then
    log "an engine answers at $host: nothing to set up"
    printf '%s\n' "$host"
    return 0
  fi
  [ "$(id -u)" -eq 0 ] || die "no container engine answers (DOCKER_HOST, /var/run/docker.sock, podman's socket), and setting one up needs root: run 'sudo bash infra/containers/setup-engine.sh start <dir>' or start Docker/podman"
  if ! command -v podman >/dev/null || ! command -v runc >/dev/null; then
    command -v apt-get >/dev/null || die "no container engine answers and this is not Debian (no apt-get): install Docker or podman"
    log "installing podman and runc (apt-get install -y podman runc)"
    apt-get update -qq >/dev/null 2>&1 || log "apt-get update failed: trying the package lists there are"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman runc >/dev/null \
      || die "apt-get install -y podman runc failed"
  fi
  command -v curl >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq curl >/dev/null \
    || die "curl is needed to check the engine's socket"
  write_conf
  mkdir -p "$dir"
  local sock="$dir/podman.sock"
  rm -f "$sock"
  log "starting podman system service --time=0 unix://$sock"
  # setsid: its own process group, so a Ctrl-C of the test run does not kill it before the tier's
  # containers are stopped; `stop` ends it.
  setsid podman system service --time=0 "unix://$sock" >"$dir/podman.log" 2>&1 </dev/null &
  echo $! >"$dir/podman.pid"
  local _
  for _ in $(seq 1 120); do
    if answers "$sock"; then
      log "podman $(podman --version | awk '{ print $3 }') answers at unix://$sock (pid $(cat "$dir/podman.pid"))"
      printf 'unix://%s\n' "$sock"
      return 0
    fi
    kill -0 "$(cat "$dir/podman.pid")" 2>/dev/null || break
    sleep 0.5
  done
  tail -n 20 "$dir/podman.log" >&2 || true
  stop "$dir"
  die "podman system service did not answer on $sock (log above)"
}

# compose: what the compose tier needs (podman-compose runs `podman` directly, no socket).
compose() {
  local missing=()
  command -v podman >/dev/null || missing+=(podman)
  command -v runc >/dev/null || missing+=(runc)
  command -v podman-compose >/dev/null || missing+=(podman-compose)
  if [ "${#missing[@]}" -gt 0 ]; then
    [ "$(id -u)" -eq 0 ] || die "the compose tier needs ${missing[*]}: sudo apt-get install -y ${missing[*]}"
    command -v apt-get >/dev/null || die "${missing[*]} missing and this is not Debian (no apt-get): install them"
    log "installing ${missing[*]} (apt-get install -y ${missing[*]})"
    apt-get update -qq >/dev/null 2>&1 || log "apt-get update failed: trying the package lists there are"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null \
      || die "apt-get install -y ${missing[*]} failed"
  fi
  if [ "$(id -u)" -eq 0 ]; then write_conf; fi
  log "podman $(podman --version | awk '{ print $3 }'), podman-compose $(podman-compose version 2>/dev/null | awk '/podman-composer? version/ { print $NF; exit }')"
}

stop() {
  local dir=${1:?usage: setup-engine.sh stop <dir>}
  local pidfile="$dir/podman.pid" pid
  [ -f "$pidfile" ] || return 0
  pid="$(cat "$pidfile")"
  if kill -0 "$pid" 2>/dev/null; then
    kill "$pid" 2>/dev/null || true
    local _
    for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
    kill -9 "$pid" 2>/dev/null || true
    log "stopped podman system service (pid $pid)"
  fi
  rm -f "$pidfile" "$dir/podman.sock"
}

case "${1:-}" in
  start) start "${2:-}" ;;
  stop) stop "${2:-}" ;;
  status) running_engine && echo ;;
  compose) compose ;;
  *) echo "usage: $0 start <dir> | stop <dir> | status | compose" >&2; exit 2 ;;
esac
