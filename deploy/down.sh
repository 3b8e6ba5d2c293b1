#!/usr/bin/env bash
# deploy/down.sh [--purge] — stops what deploy/up.sh started (apps, pgbouncer, HAProxy, Patroni and its
# PostgreSQL, etcd); --purge also deletes the state directory (data, passwords, logs).
set -uo pipefail
STATE=${DEPLOY_DIR:-/tmp/casino-deploy}
[ -d "$STATE" ] || exit 0
stop() { # stop <pidfile> <seconds>: TERM, then KILL after the grace
  local file=$1 pid
  [ -f "$file" ] || return 0
  pid=$(cat "$file")
  if kill "$pid" 2>/dev/null; then
    for _ in $(seq $(($2 * 4))); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
    kill -9 "$pid" 2>/dev/null
  fi
  rm -f "$file"
}
stop "$STATE/app1.pid" 10
stop "$STATE/app2.pid" 10
stop "$STATE/pgbouncer.pid" 5
stop "$STATE/haproxy.pid" 5
# Patroni stops its PostgreSQL on TERM.
stop "$STATE/pg2/patroni.pid" 30
stop "$STATE/pg1/patroni.pid" 30
for node in pg1 pg2; do
  if [ -f "$STATE/$node/data/postmaster.pid" ]; then
    kill -9 "$(head -1 "$STATE/$node/data/postmaster.pid")" 2>/dev/null
  fi
done
stop "$STATE/etcd.pid" 5
[ "${1:-}" = "--purge" ] && rm -rf "$STATE"
exit 0
