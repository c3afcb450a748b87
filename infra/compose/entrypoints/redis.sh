#!/bin/sh
# Entrypoint of the redis:7 stand-in (infra/compose/build-images.sh): like the official image,
# options alone run redis-server, and the server listens on every address without protected mode
# (the official build's default; Debian's binary would refuse other hosts).
set -e
case "$1" in -*) set -- redis-server "$@" ;; esac
if [ "$1" = redis-server ]; then
  shift
  set -- redis-server --bind '* -::*' --protected-mode no "$@"
fi
exec "$@"
