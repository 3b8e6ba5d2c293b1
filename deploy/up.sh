#!/usr/bin/env bash
# deploy/up.sh — the high-availability topology on one machine, on loopback, from Debian's packages:
# etcd, two PostgreSQL 15 nodes under Patroni (primary + synchronous standby), HAProxy (to the current
# primary, and to a standby), pgbouncer (transaction pooling) and two app nodes. deploy/down.sh stops it.
#
#   deploy/up.sh [--no-apps]      DEPLOY_DIR (/tmp/casino-deploy), DEPLOY_PORT_BASE (26000)
#
# It prints the URLs as shell assignments on its last lines (also kept in $DEPLOY_DIR/urls.env).
# A starting point for a real deployment: docs/deploy.md says how the pieces map onto machines.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
STATE=${DEPLOY_DIR:-/tmp/casino-deploy}
BASE=${DEPLOY_PORT_BASE:-26000}
APPS=2
[ "${1:-}" = "--no-apps" ] && APPS=0

export STATE
export ETCD_PORT=$((BASE + 0)) ETCD_PEER_PORT=$((BASE + 1))
export PG1_PORT=$((BASE + 11)) PG1_REST_PORT=$((BASE + 12))
export PG2_PORT=$((BASE + 21)) PG2_REST_PORT=$((BASE + 22))
export HAPROXY_PRIMARY_PORT=$((BASE + 30)) HAPROXY_REPLICA_PORT=$((BASE + 31)) HAPROXY_STATS_PORT=$((BASE + 32))
export PGBOUNCER_PORT=$((BASE + 40)) PGBOUNCER_POOL_SIZE=${PGBOUNCER_POOL_SIZE:-20}
APP_PORTS=($((BASE + 50)) $((BASE + 51)))

# PostgreSQL and pgbouncer refuse to run as root: as root they run as the postgres user.
if [ "$(id -u)" = 0 ]; then as_pg() { runuser -u postgres -- "$@"; }; else as_pg() { "$@"; }; fi
log() { echo "up: $*" >&2; }
wait_for() { # wait_for <seconds> <what> <command...>
  local seconds=$1 what=$2
  shift 2
  for _ in $(seq $((seconds * 4))); do "$@" >/dev/null 2>&1 && return 0; sleep 0.25; done
  log "$what did not come up within ${seconds}s (logs in $STATE)"
  exit 1
}
render() { envsubst "$(env | sed -n 's/^\([A-Z0-9_]*\)=.*/${\1}/p' | tr '\n' ' ')" <"$ROOT/deploy/templates/$1" >"$2"; }

mkdir -p "$STATE"
[ "$(id -u)" = 0 ] && chown postgres: "$STATE"
# Passwords are made once and kept with the state.
if [ ! -f "$STATE/secrets.env" ]; then
  {
    echo "SUPERUSER_PASSWORD=$(openssl rand -hex 16)"
    echo "REPLICATION_PASSWORD=$(openssl rand -hex 16)"
    echo "APP_PASSWORD=$(openssl rand -hex 16)"
    echo "HOUSE_WALLET_SECRET=$(openssl rand -hex 32)"
    echo "SANDBOX_PSP_SECRET=$(openssl rand -hex 32)"
    echo "SPORTS_WALLET_SECRET=$(openssl rand -hex 32)"
  } >"$STATE/secrets.env"
  chmod 600 "$STATE/secrets.env"
fi
# Made once too, and added to a state made before it existed: it seals the stored TOTP secrets.
grep -q '^TOTP_SECRET_KEY=' "$STATE/secrets.env" || echo "TOTP_SECRET_KEY=$(openssl rand -hex 32)" >>"$STATE/secrets.env"
set -a
# shellcheck disable=SC1091
source "$STATE/secrets.env"
set +a

# etcd: the consensus store Patroni keeps its leader key in (one member here; three in production).
if ! curl -sf "http://127.0.0.1:$ETCD_PORT/health" >/dev/null 2>&1; then
  log "etcd on $ETCD_PORT"
  nohup etcd --name casino-etcd --data-dir "$STATE/etcd" \
    --listen-client-urls "http://127.0.0.1:$ETCD_PORT" --advertise-client-urls "http://127.0.0.1:$ETCD_PORT" \
    --listen-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" --initial-advertise-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" \
    --initial-cluster "casino-etcd=http://127.0.0.1:$ETCD_PEER_PORT" >"$STATE/etcd.log" 2>&1 &
  echo $! >"$STATE/etcd.pid"
  wait_for 30 etcd curl -sf "http://127.0.0.1:$ETCD_PORT/health"
fi

# Two PostgreSQL nodes under Patroni; the first to take the leader key bootstraps, the other clones it.
for node in pg1 pg2; do
  if [ "$node" = pg1 ]; then export NODE=pg1 PG_PORT=$PG1_PORT REST_PORT=$PG1_REST_PORT; else export NODE=pg2 PG_PORT=$PG2_PORT REST_PORT=$PG2_REST_PORT; fi
  if curl -s -o /dev/null "http://127.0.0.1:$REST_PORT/health"; then continue; fi
  mkdir -p "$STATE/$node"
  render patroni.yml "$STATE/$node/patroni.yml"
  chmod 700 "$STATE/$node"
  [ "$(id -u)" = 0 ] && chown -R postgres: "$STATE/$node"
  log "patroni $node (postgres $PG_PORT, REST $REST_PORT)"
  as_pg nohup patroni "$STATE/$node/patroni.yml" >"$STATE/$node/patroni.log" 2>&1 &
  # The pid of Patroni itself, not of runuser (which does not pass a TERM on): down.sh stops it.
  wait_for 10 "patroni $node" pgrep -f -x "/usr/bin/python3 /usr/bin/patroni $STATE/$node/patroni.yml"
  pgrep -f -x "/usr/bin/python3 /usr/bin/patroni $STATE/$node/patroni.yml" >"$STATE/$node/patroni.pid"
  # The first node bootstraps before the second starts, so pg1 is the first primary.
  [ "$node" = pg1 ] && wait_for 90 "the primary" curl -sf "http://127.0.0.1:$PG1_REST_PORT/primary"
done
primary_rest() { curl -sf "http://127.0.0.1:$PG1_REST_PORT/primary" || curl -sf "http://127.0.0.1:$PG2_REST_PORT/primary"; }
sync_standby() { curl -sf "http://127.0.0.1:$PG1_REST_PORT/sync" || curl -sf "http://127.0.0.1:$PG2_REST_PORT/sync"; }
wait_for 90 "a primary" primary_rest
wait_for 120 "the synchronous standby" sync_standby

# HAProxy: where the app finds the current primary (and a standby for reports).
render haproxy.cfg "$STATE/haproxy.cfg"
if [ -f "$STATE/haproxy.pid" ] && kill -0 "$(cat "$STATE/haproxy.pid")" 2>/dev/null; then :; else
  log "haproxy: primary $HAPROXY_PRIMARY_PORT, replica $HAPROXY_REPLICA_PORT, stats $HAPROXY_STATS_PORT"
  haproxy -f "$STATE/haproxy.cfg" -D
fi
SUPER_URL="postgres://postgres:$SUPERUSER_PASSWORD@127.0.0.1:$HAPROXY_PRIMARY_PORT/postgres"
# HAProxy counts a server up until its first checks fail: wait until its primary port reaches only the primary.
on_primary() { [ "$(psql "$SUPER_URL" -Atc 'select pg_is_in_recovery()')" = f ]; }
wait_for 30 "haproxy's primary port" on_primary
sleep 3
wait_for 30 "haproxy's primary port" on_primary

# The app's role and database (its migrations run at the app's start).
psql "$SUPER_URL" -v ON_ERROR_STOP=1 -q <<SQL
select format('create role casino login password %L', '$APP_PASSWORD') where not exists (select from pg_roles where rolname = 'casino') \gexec
alter role casino password '$APP_PASSWORD';
grant pg_monitor to casino;
select 'create database casino owner casino' where not exists (select from pg_database where datname = 'casino') \gexec
SQL

# pgbouncer: transaction pooling in front of HAProxy.
printf '"casino" "%s"\n"postgres" "%s"\n' "$APP_PASSWORD" "$SUPERUSER_PASSWORD" >"$STATE/userlist.txt"
chmod 600 "$STATE/userlist.txt"
render pgbouncer.ini "$STATE/pgbouncer.ini"
[ "$(id -u)" = 0 ] && chown postgres: "$STATE/userlist.txt" "$STATE/pgbouncer.ini"
if [ -f "$STATE/pgbouncer.pid" ] && kill -0 "$(cat "$STATE/pgbouncer.pid")" 2>/dev/null; then :; else
  log "pgbouncer on $PGBOUNCER_PORT"
  as_pg pgbouncer -d "$STATE/pgbouncer.ini"
fi
APP_URL_BASE="postgres://casino:$APP_PASSWORD@127.0.0.1"
wait_for 30 pgbouncer psql "$APP_URL_BASE:$PGBOUNCER_PORT/casino" -Atc 'select 1'

cat >"$STATE/urls.env" <<URLS
DATABASE_URL=$APP_URL_BASE:$PGBOUNCER_PORT/casino
DATABASE_DIRECT_URL=$APP_URL_BASE:$HAPROXY_PRIMARY_PORT/casino
DATABASE_REPLICA_URL=$APP_URL_BASE:$PGBOUNCER_PORT/casino_replica
HAPROXY_STATS_URL=http://127.0.0.1:$HAPROXY_STATS_PORT/
PATRONI_URLS=http://127.0.0.1:$PG1_REST_PORT,http://127.0.0.1:$PG2_REST_PORT
URLS

# Two app nodes (the TypeScript sources on the pinned Node; put a load balancer in front of them).
for i in $(seq 0 $((APPS - 1))); do
  port=${APP_PORTS[$i]}
  if curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then continue; fi
  log "app node $((i + 1)) on $port"
  (
    set -a
    # shellcheck disable=SC1091
    source "$STATE/urls.env"
    set +a
    PORT=$port HOST=127.0.0.1 PUBLIC_URL="http://127.0.0.1:$port" DB_POOL_SIZE=${DB_POOL_SIZE:-10} \
      HOUSE_WALLET_SECRET=$HOUSE_WALLET_SECRET SANDBOX_PSP_SECRET=$SANDBOX_PSP_SECRET SPORTS_WALLET_SECRET=$SPORTS_WALLET_SECRET \
      TOTP_SECRET_KEY=$TOTP_SECRET_KEY \
      nohup "$ROOT/node_modules/.bin/node" --import tsx "$ROOT/src/server/main.ts" >"$STATE/app$((i + 1)).log" 2>&1 &
    echo $! >"$STATE/app$((i + 1)).pid"
  )
  # One after the other: the first start migrates and loads the demo data set once.
  wait_for 120 "app node $((i + 1))" curl -sf "http://127.0.0.1:$port/readyz"
done
log "up: state in $STATE"
cat "$STATE/urls.env"
[ "$APPS" -gt 0 ] && echo "APP_URLS=http://127.0.0.1:${APP_PORTS[0]},http://127.0.0.1:${APP_PORTS[1]}"
exit 0
