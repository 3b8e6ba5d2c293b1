import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const here = import.meta.dirname;
/** What deploy/up.sh exports before it renders a template (a node's values for patroni.yml). */
const VARS = {
  STATE: '/tmp/casino-deploy-test',
  NODE: 'pg1',
  PG_PORT: '26011',
  REST_PORT: '26012',
  ETCD_PORT: '26000',
  SUPERUSER_PASSWORD: 'super',
  REPLICATION_PASSWORD: 'repl',
  PG1_PORT: '26011',
  PG1_REST_PORT: '26012',
  PG2_PORT: '26021',
  PG2_REST_PORT: '26022',
  HAPROXY_PRIMARY_PORT: '26030',
  HAPROXY_REPLICA_PORT: '26031',
  HAPROXY_STATS_PORT: '26032',
  PGBOUNCER_PORT: '26040',
  PGBOUNCER_POOL_SIZE: '20',
};
const dir = mkdtempSync(join(tmpdir(), 'deploy-templates-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The template as up.sh renders it (envsubst over the exported variables). */
function render(name: string): string {
  const list = Object.keys(VARS)
    .map((k) => `\${${k}}`)
    .join(' ');
  const result = spawnSync('envsubst', [list], {
    input: readFileSync(join(here, 'templates', name), 'utf8'),
    env: { ...process.env, ...VARS },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

describe('deploy/ templates and scripts', () => {
  it.each(['patroni.yml', 'haproxy.cfg', 'pgbouncer.ini'])('%s leaves no variable unfilled', (name) => {
    expect(render(name)).not.toMatch(/\$\{?[A-Z_]/);
  });

  it('keeps the settings a safe failover rests on', () => {
    const patroni = render('patroni.yml');
    expect(patroni).toMatch(/synchronous_mode: true/);
    expect(patroni).toMatch(/master_start_timeout: 0/);
    expect(patroni).toMatch(/use_pg_rewind: true/);
    const pgbouncer = render('pgbouncer.ini');
    expect(pgbouncer).toMatch(/pool_mode = transaction/);
    expect(pgbouncer).toMatch(/server_login_retry = 1/);
    const haproxy = render('haproxy.cfg');
    expect(haproxy).toMatch(/uri \/primary/);
    expect(haproxy).toMatch(/on-marked-down shutdown-sessions/);
  });

  it.runIf(existsSync('/usr/sbin/haproxy'))('haproxy.cfg passes haproxy -c', () => {
    const file = join(dir, 'haproxy.cfg');
    writeFileSync(file, render('haproxy.cfg'));
    const check = spawnSync('/usr/sbin/haproxy', ['-c', '-f', file], { encoding: 'utf8' });
    expect(check.status, check.stdout + check.stderr).toBe(0);
  });

  it.each(['up.sh', 'down.sh'])('%s is valid bash', (name) => {
    const check = spawnSync('bash', ['-n', join(here, name)], { encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);
  });
});
