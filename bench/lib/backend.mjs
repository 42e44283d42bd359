/**
 * Starts built services and the gateway as processes for a benchmark, isolated by a fresh bus
 * namespace and fresh databases, and removes both afterwards.
 *
 * BENCH_CPU_PROF=<dir>: each process runs with --cpu-prof and writes its profile under
 * <dir>/<service or gateway>/ when it stops (open it in Chrome DevTools or speedscope, or summarise
 * them with `node bench/lib/cpu-profile.mjs <dir>`).
 * BENCH_LOGS=<dir>: each process's log lines go to <dir>/<name>.log (else nowhere).
 * BENCH_BUILD=<checkout>: run that checkout's build instead of this one's (a before/after pair).
 * BENCH_COUNT_QUERIES=<dir>: each process counts its PostgreSQL statements into <dir>/<name>.json
 * (see count-queries.mjs); a bench reads them with queryCounts().
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import amqplib from 'amqplib';
import { BENCH_ADMIN } from './api.mjs';

const here = dirname(fileURLToPath(import.meta.url));
/**
 * The checkout whose built services run: this one, or BENCH_BUILD (another checkout's path, built),
 * to measure an older build with the same client in the same session.
 */
export const root = process.env.BENCH_BUILD ? resolve(process.env.BENCH_BUILD) : join(here, '..', '..');
export const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const AMQP_URL = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitOk(url, child, name, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited while starting`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${name} did not start in time`);
}

/**
 * Node options for one process of the backend, from BENCH_CPU_PROF and BENCH_COUNT_QUERIES, and
 * from BENCH_STATEMENTS in that process's own environment.
 */
function nodeArgs(name, env = {}) {
  const args = [];
  if (process.env.BENCH_CPU_PROF) args.push('--cpu-prof', `--cpu-prof-dir=${join(process.env.BENCH_CPU_PROF, name)}`);
  if (process.env.BENCH_COUNT_QUERIES) args.push('--import', pathToFileURL(join(here, 'count-queries.mjs')).href);
  if (env.BENCH_STATEMENTS) args.push('--import', pathToFileURL(join(here, 'log-statements.mjs')).href);
  return args;
}

/** Where a process's standard output (its log lines) goes: BENCH_LOGS/<name>.log, or nowhere. */
function logTo(name) {
  if (!process.env.BENCH_LOGS) return 'ignore';
  mkdirSync(process.env.BENCH_LOGS, { recursive: true });
  return openSync(join(process.env.BENCH_LOGS, `${name}.log`), 'a');
}

/**
 * maildev on free loopback ports, as `npm start` runs it: the mail the benchmark's checkouts send
 * (confirmations, staff mails) goes over real SMTP, as it does in the shop. Its CPU is reported as
 * `maildev`, apart from the shop's own processes.
 */
async function startMaildev() {
  const [smtp, web] = [await freePort(), await freePort()];
  const child = spawn(
    process.execPath,
    [join(here, '..', '..', 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js'), '--smtp', String(smtp), '--web', String(web), '--ip', '127.0.0.1', '--web-ip', '127.0.0.1'],
    { stdio: ['ignore', logTo('maildev'), 'inherit'] },
  );
  const webUrl = `http://127.0.0.1:${web}`;
  await waitOk(`${webUrl}/api/healthz`, child, 'maildev');
  return { child, smtpUrl: `smtp://127.0.0.1:${smtp}`, webUrl };
}

export async function startBackend({ services, env: extra = {}, serviceEnv = {} }) {
  const namespace = `b${randomBytes(4).toString('hex')}`;
  const maildev = services.includes('user') && !extra.SMTP_URL && !process.env.SMTP_URL ? await startMaildev() : null;
  const env = {
    ...process.env,
    DATABASE_URL,
    AMQP_URL,
    BUS_NAMESPACE: namespace,
    // Benchmarks run in production mode, which refuses secrets published with the shop.
    JWT_SECRET: randomBytes(32).toString('base64'),
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000000',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
    ...(maildev ? { SMTP_URL: maildev.smtpUrl } : {}),
    ...extra,
  };
  const children = maildev ? [maildev.child] : [];
  const processes = [];
  const environment = maildev ? [{ name: 'maildev', pid: maildev.child.pid }] : [];
  const databases = [];
  for (const service of services) {
    const port = await freePort();
    const database = `${namespace}_${service.replace(/-/g, '_')}`;
    databases.push(database);
    const child = spawn(process.execPath, [...nodeArgs(service, serviceEnv[service]), join(root, 'services', service, 'dist', 'main.js')], {
      env: { ...env, BENCH_PROCESS: service, DATABASE_NAME: database, HEALTH_PORT: String(port), HEALTH_HOST: '127.0.0.1', ...(serviceEnv[service] ?? {}) },
      stdio: ['ignore', logTo(service), 'inherit'],
    });
    children.push(child);
    processes.push({ name: service, pid: child.pid });
    await waitOk(`http://127.0.0.1:${port}/health/ready`, child, service);
  }
  const port = await freePort();
  const gateway = spawn(process.execPath, [...nodeArgs('gateway'), join(root, 'gateway', 'dist', 'main.js')], {
    env: { ...env, BENCH_PROCESS: 'gateway', PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', logTo('gateway'), 'inherit'],
  });
  children.push(gateway);
  processes.push({ name: 'gateway', pid: gateway.pid });
  const url = `http://127.0.0.1:${port}`;
  await waitOk(`${url}/health/live`, gateway, 'gateway');
  return {
    url,
    namespace,
    env,
    databases,
    processes,
    /** maildev's web inbox and REST API (`/api/email`), when the backend sends mail. */
    mailUrl: maildev?.webUrl ?? null,
    /**
     * CPU milliseconds each process has used so far, by name, and `postgres`: the server processes
     * serving this run's databases. Diff two to cost a run.
     */
    async cpuMs() {
      const client = new pg.Client({ connectionString: DATABASE_URL });
      await client.connect();
      const { rows } = await client.query(
        `SELECT pid FROM pg_stat_activity WHERE datname = ANY($1) AND pid <> pg_backend_pid()`,
        [databases],
      );
      await client.end();
      const servers = await cpuTimes(rows.map((r) => ({ name: String(r.pid), pid: r.pid })), { gone: 0 });
      return {
        ...(await cpuTimes(processes)),
        ...(await cpuTimes(environment)),
        postgres: Object.values(servers).reduce((a, b) => a + b, 0),
        ...(await brokerCpuMs()),
        client: cpuUsageMs(),
      };
    },
    async stop() {
      await Promise.all(
        children.map(
          (c) =>
            new Promise((resolve) => {
              if (c.exitCode !== null) return resolve();
              c.once('exit', resolve);
              c.kill('SIGTERM');
            }),
        ),
      );
      const client = new pg.Client({ connectionString: DATABASE_URL });
      await client.connect();
      for (const db of databases) await client.query(`DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`);
      await client.end();
      const conn = await amqplib.connect(AMQP_URL);
      const ch = await conn.createChannel();
      for (const s of ['user', 'catalog', 'cart', 'order', 'payment', 'admin-reporting']) {
        for (const q of [`${namespace}.${s}.rpc`, `${namespace}.${s}.events`, `${namespace}.${s}.events.retry`, `${namespace}.${s}.events.dlq`]) {
          await ch.deleteQueue(q);
        }
      }
      await ch.deleteExchange(`${namespace}.shop.events`);
      await conn.close();
    },
  };
}

/** Nearest-rank percentile of a sorted array. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * CPU milliseconds (user + system) each process has used so far, by name; Linux only. A process
 * that has exited counts as `gone` when given, else it is an error.
 */
export async function cpuTimes(processes, { gone } = {}) {
  const { readFile } = await import('node:fs/promises');
  const ticks = 100; // USER_HZ on Linux
  const times = {};
  for (const { name, pid } of processes) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch((err) => {
      if (gone === undefined) throw err;
      return null;
    });
    if (stat === null) {
      times[name] = gone;
      continue;
    }
    const fields = stat.split(') ')[1].split(' ');
    times[name] = ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks;
  }
  return times;
}

/** RabbitMQ's CPU (its Erlang VM), when it runs on this machine; it serves every RPC hop. */
async function brokerCpuMs() {
  const { execFile } = await import('node:child_process');
  const pid = await new Promise((resolve) =>
    execFile('pgrep', ['-o', '-f', 'beam.smp.*rabbit'], (err, out) => resolve(err ? null : Number(out.trim()))),
  );
  return pid ? { rabbitmq: (await cpuTimes([{ name: 'rabbitmq', pid }], { gone: 0 })).rabbitmq } : {};
}

/** This process's own CPU: the load generator's share of the machine. */
function cpuUsageMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Statements counted so far by each process, when started with BENCH_COUNT_QUERIES. */
export async function queryCounts(processes) {
  const { readFile } = await import('node:fs/promises');
  const dir = process.env.BENCH_COUNT_QUERIES;
  if (!dir) return null;
  // The counters write every 200 ms: wait for a write made after the caller's last request.
  await new Promise((r) => setTimeout(r, 500));
  const counts = {};
  for (const { name } of processes) {
    counts[name] = JSON.parse(await readFile(join(dir, `${name}.json`), 'utf8').catch(() => '{}'));
  }
  return counts;
}
