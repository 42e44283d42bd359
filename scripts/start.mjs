#!/usr/bin/env node
/**
 * `npm start`: the whole shop on one machine. Installs what is missing, makes sure PostgreSQL and
 * RabbitMQ answer (starting them, running them in Docker or installing them: scripts/servers.mjs),
 * builds, starts maildev (the development inbox every mail goes to, unless SMTP_URL names a relay),
 * the six services (each migrates its own database), seeds the catalog on first run, starts the
 * gateway and the storefront's server (web-store, which the gateway proxies pages to) and prints
 * the URLs. A process that dies is started again with back-off
 * (scripts/supervisor.mjs). Ctrl-C stops everything, and the servers' containers if it started any.
 *
 *   --skip-build   use the code as built (no install, no build)
 *   --skip-seed    leave the catalog as it is
 *
 * HEALTH_PORT_BASE (first service health port, default 3001), DATABASE_NAME_PREFIX (databases
 * named `<prefix>_<service>` instead of the defaults) and MAILDEV_SMTP_PORT / MAILDEV_WEB_PORT
 * (1025 / 1080) and WEB_STORE_URL (the storefront server's address: http://127.0.0.1:3000, or the
 * port after the services' health ports when HEALTH_PORT_BASE is set) let a second copy run beside
 * the first.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApps } from './build-apps.mjs';
import { Supervisor } from './supervisor.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SERVICES = ['user', 'catalog', 'cart', 'order', 'payment', 'admin-reporting'];
const flags = new Set(process.argv.slice(2));

/**
 * Development defaults; any of them can be overridden from the environment or a `.env` file.
 * NODE_ENV is the services' and the gateway's: the two apps are always built for production.
 */
const DEV_DEFAULTS = {
  NODE_ENV: 'development',
  PORT: '8080',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
  AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672',
  JWT_SECRET: 'development-only-secret-change-me-0123456789',
  ADMIN_EMAIL: 'admin@msjaksh.in',
  ADMIN_PASSWORD: 'Admin@12345',
  LOG_LEVEL: 'info',
};

function readDotEnv() {
  const file = join(root, '.env');
  if (!existsSync(file)) return {};
  return Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#') && line.includes('='))
      .map((line) => {
        const i = line.indexOf('=');
        return [
          line.slice(0, i).trim(),
          line
            .slice(i + 1)
            .trim()
            .replace(/^["']|["']$/g, ''),
        ];
      }),
  );
}

const env = { ...DEV_DEFAULTS, ...readDotEnv(), ...process.env };
/**
 * maildev's ports (its own variables MAILDEV_SMTP_PORT and MAILDEV_WEB_PORT move them), on the
 * loopback only: its inbox shows every mail the shop sends.
 */
const MAILDEV = { smtp: Number(env.MAILDEV_SMTP_PORT ?? 1025), web: Number(env.MAILDEV_WEB_PORT ?? 1080) };
/** maildev runs only while the shop's mail goes to it, not when SMTP_URL names a relay. */
const runMaildev = !env.SMTP_URL;
env.SMTP_URL ??= `smtp://127.0.0.1:${MAILDEV.smtp}`;
// The payment sandbox sends its webhooks back through the gateway, and the storefront's server
// reads the catalog through it.
env.GATEWAY_URL ??= `http://127.0.0.1:${env.PORT}`;
// Where the gateway finds the storefront's server: 3000, or beside the services' health ports when
// those were moved for a second copy.
env.WEB_STORE_URL ??= `http://127.0.0.1:${
  env.HEALTH_PORT_BASE ? Number(env.HEALTH_PORT_BASE) + SERVICES.length : 3000
}`;

const say = (text) => process.stdout.write(`${text}\n`);

function step(title, cmd, args, extraEnv = {}) {
  say(`\n> ${title}`);
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  if (result.status !== 0) {
    say(`\n${title} failed.`);
    process.exit(result.status ?? 1);
  }
}

/** The servers as scripts/servers.mjs left them: `stop()` stops the containers it started. */
let servers;

async function bringUpServers() {
  say('\n> PostgreSQL and RabbitMQ');
  // Imported once npm ci has installed the database and broker clients it uses.
  const { ensureServers } = await import('./servers.mjs');
  servers = await ensureServers({ databaseUrl: env.DATABASE_URL, amqpUrl: env.AMQP_URL, env });
  env.DATABASE_URL = servers.databaseUrl;
  env.AMQP_URL = servers.amqpUrl;
}

function databaseName(service) {
  const prefix = env.DATABASE_NAME_PREFIX;
  return prefix ? { DATABASE_NAME: `${prefix}_${service.replace(/-/g, '_')}` } : {};
}

function needsInstall() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  return !existsSync(marker) || statSync(join(root, 'package-lock.json')).mtimeMs > statSync(marker).mtimeMs;
}

/** Shows each process's JSON log lines as `[service] message`. */
function relay(name, stream, out) {
  let buffer = '';
  stream.on('data', (chunk) => {
    buffer += chunk.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop();
    for (const line of lines) {
      let text = line;
      try {
        const entry = JSON.parse(line);
        const level = entry.level >= 50 ? 'ERROR ' : entry.level >= 40 ? 'WARN ' : '';
        text = `${level}${entry.msg}${entry.err ? ` ${entry.err.message}` : ''}`;
      } catch {
        // not JSON: print as is
      }
      out.write(`[${name}] ${text}\n`);
    }
  });
}

const supervisor = new Supervisor({
  say,
  attach: (name, child) => {
    relay(name, child.stdout, process.stdout);
    relay(name, child.stderr, process.stderr);
  },
});

function launch(name, script, extraEnv = {}) {
  supervisor.start(name, process.execPath, [script], { cwd: root, env: { ...env, ...extraEnv } });
}

async function waitReady(url, name, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    // A database or broker still starting is worth a few tries; a process that keeps dying before
    // it was ever ready is misconfigured (its log says how): stop and say so.
    if (supervisor.processes.get(name)?.restarts >= 5)
      throw new Error(`${name} keeps stopping while starting`);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} did not become ready in time`);
}

let stopping = false;
async function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  say('\nStopping the shop...');
  // Each process drains for up to SHUTDOWN_GRACE_MS and closes within 5 s more.
  await supervisor.stop(Number(env.SHUTDOWN_GRACE_MS ?? 20_000) + 6_000);
  await servers?.stop();
  process.exit(code);
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

async function main() {
  const build = !flags.has('--skip-build');
  if (build && needsInstall())
    step('Installing dependencies (npm ci)', 'npm', ['ci', '--no-audit', '--no-fund']);
  await bringUpServers();
  if (build) {
    step('Building', 'npm', ['run', 'build', '--silent']);
    say('\n> Building the storefront and the back office (production builds; unchanged ones are kept)');
    try {
      buildApps({ env, say });
    } catch (err) {
      say(`\n${err.message}.`);
      process.exit(1);
    }
  }

  if (runMaildev) {
    say('\n> maildev (the development inbox)');
    supervisor.start(
      'maildev',
      process.execPath,
      [
        join(root, 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js'),
        ...[
          '--smtp',
          String(MAILDEV.smtp),
          '--web',
          String(MAILDEV.web),
          '--ip',
          '127.0.0.1',
          '--web-ip',
          '127.0.0.1',
        ],
      ],
      { cwd: root, env: { ...process.env, NODE_ENV: 'development' } },
    );
    await waitReady(`http://127.0.0.1:${MAILDEV.web}/api/healthz`, 'maildev');
  }

  say('\n> Starting services (each migrates its own database)');
  await Promise.all(
    SERVICES.map((service, i) => {
      const port = String(Number(env.HEALTH_PORT_BASE ?? 3001) + i);
      launch(service, join(root, 'services', service, 'dist', 'main.js'), {
        HEALTH_PORT: port,
        ...databaseName(service),
      });
      return waitReady(`http://127.0.0.1:${port}/health/ready`, service);
    }),
  );

  const seed = join(root, 'services', 'catalog', 'dist', 'seed', 'seed.js');
  if (!flags.has('--skip-seed') && existsSync(seed))
    step(
      'Seeding the catalog (skipped when it already has products)',
      process.execPath,
      [seed],
      databaseName('catalog'),
    );

  launch('gateway', join(root, 'gateway', 'dist', 'main.js'));
  await waitReady(`http://127.0.0.1:${env.PORT}/health/live`, 'gateway');

  say("\n> The storefront's server (renders the pages the gateway passes on)");
  const store = new URL(env.WEB_STORE_URL);
  launch('web-store', join(root, 'web-store', 'build', 'server', 'index.js'), {
    // Its React is the production build whatever the services run as.
    NODE_ENV: 'production',
    HOST: store.hostname,
    PORT: store.port || '80',
  });
  await waitReady(`${store.origin}/health/ready`, 'web-store');
  say(`\nThe shop is running at http://localhost:${env.PORT}`);
  say(`  API health:   http://localhost:${env.PORT}/api/health`);
  say(`  API docs:     http://localhost:${env.PORT}/api/docs`);
  say(`  Back office:  http://localhost:${env.PORT}/admin2009 (${env.ADMIN_EMAIL})`);
  say(
    runMaildev
      ? `  Mail inbox:   http://localhost:${MAILDEV.web} (maildev: every mail the shop sends)`
      : `  Mail:         sent through ${new URL(env.SMTP_URL).host}`,
  );
  say('Press Ctrl-C to stop.\n');
}

main().catch((err) => {
  say(`\n${err.message}`);
  stopAll(1);
});
