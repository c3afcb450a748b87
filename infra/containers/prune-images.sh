#!/usr/bin/env bash
# Removes older builds of the container tier's test images (another Debian package version or
# another recipe of build-images.sh), keeping the tags given and the `:15` / `:7` aliases:
#
#   bash infra/containers/prune-images.sh <tag to keep>...
#
# build-images.sh calls it after a build (and infra/compose/build-images.sh, for its stand-ins, with
# PRUNE_REPOS and PRUNE_ALIASES). Finding no older image is the normal case of a first
# build and ends cleanly (issue 28: `grep` finding nothing under `set -o pipefail` ended the first
# `npm run test:containers` with exit 1). CONTAINER_CLI=podman|docker picks the client.
set -euo pipefail

CLI="${CONTAINER_CLI:-}"
if [ -z "$CLI" ]; then
  if command -v podman >/dev/null; then CLI=podman
  elif command -v docker >/dev/null; then CLI=docker
  else echo "[images] error: neither podman nor docker is installed" >&2; exit 1
  fi
fi

# PRUNE_REPOS / PRUNE_ALIASES: other repositories and kept alias tags (infra/compose/build-images.sh).
REPOS="${PRUNE_REPOS-touchline-postgres touchline-redis}"
ALIASES="${PRUNE_ALIASES-15 7}"

# Every image of those repositories, as repository:tag, without a `localhost/` prefix.
listed="$("$CLI" images --format '{{.Repository}}:{{.Tag}}' 2>/dev/null || true)"
older="$(
  printf '%s\n' "$listed" | awk -v repos="$REPOS" -v aliases="$ALIASES" -v keep="$*" '
    BEGIN {
      split(repos, r, " "); for (i in r) repo[r[i]] = 1
      split(aliases, a, " "); for (i in a) alias[a[i]] = 1
      split(keep, k, " "); for (i in k) { sub(/^localhost\//, "", k[i]); kept[k[i]] = 1 }
    }
    {
      name = $0; sub(/^localhost\//, "", name)
      n = index(name, ":"); if (n == 0) next
      if (!(substr(name, 1, n - 1) in repo)) next
      if (substr(name, n + 1) in alias) next
      if (name in kept) next
      print $0
    }'
)"
removed=0
while IFS= read -r old; do
  [ -n "$old" ] || continue
  if "$CLI" rmi "$old" >/dev/null 2>&1; then removed=$((removed + 1)); fi
done <<<"$older"
printf '[images] removed %s older image(s)\n' "$removed" >&2
