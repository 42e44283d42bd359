#!/usr/bin/env bash
# Makes sure PostgreSQL (127.0.0.1:5432, user postgres, trust) and RabbitMQ (127.0.0.1:5672,
# guest/guest) answer before the tests start. A machine that boots them at the same time as the
# run may still be starting them, one whose server died needs it started again, and a bare Debian
# machine needs them installed: each case is handled here so CI starts nothing by hand. When a
# server still does not answer, its status and the end of its log are printed, so the failure says
# why.
set -uo pipefail

PG_HOST=127.0.0.1 PG_PORT=5432 MQ_HOST=127.0.0.1 MQ_PORT=5672

say() { printf '[servers] %s\n' "$*"; }

port_answers() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }

postgres_answers() {
  port_answers "$PG_HOST" "$PG_PORT" || return 1
  if command -v psql >/dev/null 2>&1; then
    psql -h "$PG_HOST" -p "$PG_PORT" -U postgres -d postgres -tAc 'SELECT 1' >/dev/null 2>&1
  fi
}

rabbit_answers() {
  port_answers "$MQ_HOST" "$MQ_PORT" || return 1
  # The port opens before the broker accepts logins; the AMQP handshake is the real check.
  node -e "require('amqplib').connect('amqp://guest:guest@$MQ_HOST:$MQ_PORT', { timeout: 3000 })
    .then((c) => c.close()).then(() => process.exit(0), () => process.exit(1))" >/dev/null 2>&1
}

wait_for() {
  local check=$1 seconds=$2
  for ((i = 0; i < seconds; i += 2)); do
    "$check" && return 0
    sleep 2
  done
  "$check"
}

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null 2>&1; then sudo "$@"; else "$@"; fi; }

install_packages() {
  say "installing $* from Debian"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

start_postgres() {
  if ! command -v pg_lsclusters >/dev/null 2>&1; then
    install_packages postgresql
  fi
  local cluster
  cluster=$(pg_lsclusters --no-header 2>/dev/null | awk '$3 == 5432 { print $1 " " $2; exit }')
  if [ -z "$cluster" ]; then
    say 'no PostgreSQL cluster on port 5432'
    return 1
  fi
  local hba
  hba=$(pg_conftool ${cluster} show -s hba_file 2>/dev/null || true)
  if [ -n "$hba" ] && ! grep -Eq '^host\s+all\s+all\s+127\.0\.0\.1/32\s+trust' "$hba"; then
    say "letting local TCP logins in without a password ($hba), as the tests expect"
    as_root sed -i '0,/^host/s//host    all             all             127.0.0.1\/32            trust\nhost/' "$hba"
  fi
  say "starting PostgreSQL ($cluster)"
  as_root pg_ctlcluster ${cluster} restart || as_root service postgresql restart
}

start_rabbit() {
  if ! command -v rabbitmqctl >/dev/null 2>&1; then
    install_packages rabbitmq-server
  fi
  # A broker that hangs in start-up or shutdown keeps the init script waiting: stop it for good first.
  if pgrep -u rabbitmq beam.smp >/dev/null 2>&1; then
    say 'stopping the RabbitMQ that does not answer'
    as_root pkill -KILL -u rabbitmq beam.smp || true
    as_root pkill -KILL -f 'rabbitmqctl' || true
    sleep 2
  fi
  say 'starting RabbitMQ'
  as_root service rabbitmq-server start || (as_root rabbitmq-server -detached)
}

explain_postgres() {
  say 'PostgreSQL still does not answer on 127.0.0.1:5432:'
  pg_lsclusters 2>&1 | sed 's/^/  /'
  tail -n 30 /var/log/postgresql/*.log 2>/dev/null | sed 's/^/  /'
}

explain_rabbit() {
  say 'RabbitMQ still does not answer on 127.0.0.1:5672:'
  as_root rabbitmqctl status 2>&1 | head -n 20 | sed 's/^/  /'
  tail -n 30 /var/log/rabbitmq/*.log 2>/dev/null | sed 's/^/  /'
}

ensure() {
  local name=$1 check=$2 start=$3 explain=$4
  if wait_for "$check" 30; then
    say "$name answers"
    return 0
  fi
  say "$name does not answer after 30 s"
  "$start"
  if wait_for "$check" 180; then
    say "$name answers"
    return 0
  fi
  "$explain"
  return 1
}

status=0
ensure PostgreSQL postgres_answers start_postgres explain_postgres || status=1
ensure RabbitMQ rabbit_answers start_rabbit explain_rabbit || status=1
exit $status
