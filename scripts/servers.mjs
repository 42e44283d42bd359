/**
 * Makes sure PostgreSQL and RabbitMQ answer. `npm start` (scripts/start.mjs), `npm test` (jest's
 * global setup) and `.ci/run` (this file run as a command) all decide here, for each server, in
 * this order:
 *
 *   1. one that answers is used as it is;
 *   2. a local one that is starting is waited for, a stopped one is started (as root or with sudo);
 *   3. with a Docker engine, it runs in a container (testcontainers) on the same port, its data in
 *      a named volume so the next start finds it as it was left;
 *   4. on Debian or Ubuntu, as root or with sudo, its package is installed and started.
 *
 * When none of these is possible, it stops with what it tried and what the person can do. Each
 * step is logged with its time; downloads and installs show their progress.
 *
 * Run as a command (`node scripts/servers.mjs`), it leaves any container it started running, so
 * the command that comes next (`npm test` in `.ci/run`) finds the server answering.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { hostname } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import amqp from 'amqplib';
import pg from 'pg';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
export const DEFAULT_AMQP_URL = 'amqp://guest:guest@127.0.0.1:5672';

/** Server tools live in sbin directories, which a user's PATH often leaves out. */
const SBIN = ['/usr/sbin', '/usr/local/sbin', '/sbin'];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** `[servers]` lines; a step's line is finished with its outcome and time once it is known. */
class Log {
  constructor(write) {
    this.write = write;
    this.open = null;
  }

  say(text) {
    this.closeLine();
    this.write(`[servers] ${text}\n`);
  }

  progress(text) {
    this.say(`  ${text}`);
  }

  step(text) {
    this.closeLine();
    this.write(`[servers] ${text} ...`);
    const started = Date.now();
    const line = {};
    this.open = line;
    return (outcome) => {
      const took = `${outcome} in ${seconds(Date.now() - started)}`;
      if (this.open === line) {
        this.open = null;
        this.write(` ${took}\n`);
      } else {
        this.say(`${text}: ${took}`);
      }
    };
  }

  closeLine() {
    if (this.open) this.write('\n');
    this.open = null;
  }
}

function endpoint(url, defaultPort) {
  const { hostname: host, port } = new URL(url);
  return { host: host.replace(/^\[|\]$/g, ''), port: Number(port || defaultPort) };
}

const isLocal = (host) => host === 'localhost' || host === '::1' || /^127\./.test(host);

function which(command) {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), ...SBIN];
  return dirs.filter(Boolean).map((dir) => join(dir, command)).find((file) => existsSync(file));
}

const isRoot = () => process.getuid?.() === 0;

/**
 * How this process runs a command as root: directly when it is root, through sudo when sudo can
 * ask (a terminal) or needs no password; null when it cannot.
 */
function rootAccess() {
  if (isRoot()) return { how: 'as root', prefix: [] };
  const sudo = which('sudo');
  if (!sudo) return null;
  if (process.stdin.isTTY || spawnSync(sudo, ['-n', 'true']).status === 0) return { how: 'with sudo', prefix: [sudo] };
  return null;
}

/**
 * Runs a command (as root when `root` is set and that is possible) and resolves with its exit code
 * and output. `env` holds the variables the command itself needs; sudo is handed them on its
 * command line, as it clears the environment.
 */
function run(command, args, { root = false, env = {}, onLine } = {}) {
  const access = root ? rootAccess() : null;
  const sudoEnv = access?.prefix.length ? ['env', ...Object.entries(env).map(([k, v]) => `${k}=${v}`)] : [];
  const argv = [...(access?.prefix ?? []), ...sudoEnv, command, ...args];
  return new Promise((resolve) => {
    const child = spawn(argv[0], argv.slice(1), {
      env: { ...process.env, ...env },
      // sudo asks for a password on the terminal.
      stdio: [access?.prefix.length ? 'inherit' : 'ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let pending = '';
    const take = (chunk) => {
      output += chunk;
      if (!onLine) return;
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop();
      lines.forEach(onLine);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', (err) => resolve({ code: -1, output: err.message }));
    child.on('close', (code) => resolve({ code, output: output.trim() }));
  });
}

const lastLines = (text, count = 15) => text.trim().split('\n').slice(-count).join('\n');

function readText(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

const tail = (file) => lastLines(readText(file), 20);

const indent = (text) => text.replace(/^/gm, '    ');

/** Both probes: `answers`, or why not, and whether the server is up but refused the login. */
async function probePostgres(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return { answers: true };
  } catch (err) {
    // 28xxx: the server refused the login; a URL without a password meets a server that asks for
    // one in the client (no code).
    const loginRefused = String(err.code ?? '').startsWith('28') || /password/i.test(err.message);
    return { answers: false, loginRefused, reason: err.message || err.code };
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function probeRabbit(url) {
  try {
    // The port opens before the broker takes logins; a connection is the real check.
    const connection = await amqp.connect(url, { timeout: 3000 });
    await connection.close();
    return { answers: true };
  } catch (err) {
    return { answers: false, loginRefused: /ACCESS_REFUSED|403/.test(err.message), reason: err.message || err.code };
  }
}

/** Debian's PostgreSQL clusters (postgresql-common), with their port and status. */
function postgresClusters() {
  const lsclusters = which('pg_lsclusters');
  if (!lsclusters) return [];
  const { stdout } = spawnSync(lsclusters, ['--no-header'], { encoding: 'utf8' });
  return (stdout ?? '')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length >= 7)
    .map(([version, name, port, status, , , logFile]) => ({ version, name, port: Number(port), status, logFile }));
}

const postgresInstalled = () =>
  existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/postgres`));

/**
 * A local PostgreSQL cluster whose port is the URL's: `running` (perhaps still starting) or
 * `stopped`, how to start it, and how to let in the URL's password-less logins.
 */
function localPostgres(port) {
  const cluster = postgresClusters().find((c) => c.port === port);
  if (!cluster) return null;
  const id = [cluster.version, cluster.name];
  const hba = `/etc/postgresql/${cluster.version}/${cluster.name}/pg_hba.conf`;
  return {
    describe: `the local cluster ${id.join('/')}`,
    state: cluster.status.startsWith('online') ? 'running' : 'stopped',
    startCommand: `pg_ctlcluster ${id.join(' ')} start`,
    start: () => run('pg_ctlcluster', [...id, 'start'], { root: true }),
    alive: async () => postgresClusters().some((c) => c.port === port && c.status.startsWith('online')),
    logTail: () => tail(cluster.logFile),
    letIn: {
      describe: `letting local TCP logins in without a password (${hba})`,
      async apply() {
        // Debian's clusters ask local TCP logins for a password; the development URLs carry none.
        const rules = [
          '# Added by the shop (scripts/servers.mjs): its development URLs log in without a password.',
          'host    all             all             127.0.0.1/32            trust',
          'host    all             all             ::1/128                 trust',
        ];
        const lines = readAsRoot(hba).split('\n');
        const firstHost = lines.findIndex((line) => /^host/.test(line));
        lines.splice(firstHost === -1 ? lines.length : firstHost, 0, ...rules);
        await writeAsRoot(hba, lines.join('\n'));
        return run('pg_ctlcluster', [...id, 'reload'], { root: true });
      },
    },
  };
}

/** A cluster's configuration belongs to postgres: a user reads and writes it through sudo. */
function readAsRoot(file) {
  if (isRoot()) return readFileSync(file, 'utf8');
  const result = spawnSync(rootCommand(file)[0], ['cat', file], { encoding: 'utf8', stdio: ['inherit', 'pipe', 'inherit'] });
  if (result.status !== 0) throw new ServersError(`could not read ${file}`);
  return result.stdout;
}

async function writeAsRoot(file, content) {
  if (isRoot()) return writeFileSync(file, content);
  const result = spawnSync(rootCommand(file)[0], ['tee', file], { input: content, stdio: ['pipe', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new ServersError(`could not write ${file}`);
}

function rootCommand(file) {
  const access = rootAccess();
  if (!access) throw new ServersError(`changing ${file} needs root or sudo`);
  return access.prefix;
}

/** The Erlang node names registered with epmd: a RabbitMQ node is there from its first second. */
function epmdNames(env) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port: Number(env.ERL_EPMD_PORT ?? 4369) });
    let reply = Buffer.alloc(0);
    socket.setTimeout(2000);
    socket.once('connect', () => socket.write(Buffer.from([0, 1, 110]))); // NAMES_REQ
    socket.on('data', (chunk) => (reply = Buffer.concat([reply, chunk])));
    socket.once('close', () => resolve([...reply.subarray(4).toString().matchAll(/^name (\S+) at port/gm)].map((m) => m[1])));
    socket.once('error', () => resolve([]));
    socket.once('timeout', () => socket.destroy());
  });
}

/** The node rabbitmq-server starts: RABBITMQ_NODENAME, else rabbitmq-env.conf's NODENAME, else rabbit@host. */
function rabbitNodeName(env) {
  if (env.RABBITMQ_NODENAME) return env.RABBITMQ_NODENAME.includes('@') ? env.RABBITMQ_NODENAME : `${env.RABBITMQ_NODENAME}@${hostname().split('.')[0]}`;
  const conf = readText(env.RABBITMQ_CONF_ENV_FILE ?? '/etc/rabbitmq/rabbitmq-env.conf');
  const fromConf = /^\s*(?:export\s+)?NODENAME=["']?([^"'\s]+)/m.exec(conf)?.[1];
  return fromConf ?? `rabbit@${hostname().split('.')[0]}`;
}

/** What RabbitMQ reads from the environment, handed to the broker started here. */
const rabbitEnv = (env) => Object.fromEntries(Object.entries(env).filter(([k, v]) => /^(RABBITMQ_|ERL_)/.test(k) && v !== undefined));

/** The AMQP port of the node rabbitmq-server starts: rabbitmq.conf's listener, RABBITMQ_NODE_PORT or 5672. */
function rabbitPort(env) {
  const file = env.RABBITMQ_CONFIG_FILE ?? '/etc/rabbitmq/rabbitmq.conf';
  const conf = readText(file) || readText(`${file}.conf`);
  const listener = /^\s*listeners\.tcp\.[\w.]+\s*=\s*(?:\S*:)?(\d+)\s*$/m.exec(conf)?.[1];
  return Number(listener ?? env.RABBITMQ_NODE_PORT ?? 5672);
}

/**
 * The local RabbitMQ node the environment names, when it listens on the URL's port: `running`
 * (perhaps still starting) or `stopped`.
 */
async function localRabbit(port, env) {
  const server = which('rabbitmq-server');
  if (!server || rabbitPort(env) !== port) return null;
  const node = rabbitNodeName(env);
  const short = node.split('@')[0];
  const registered = async () => (await epmdNames(env)).includes(short);
  return {
    describe: `the local node ${node}`,
    state: (await registered()) ? 'running' : 'stopped',
    startCommand: `${Object.entries(rabbitEnv(env)).map(([k, v]) => `${k}=${v} `).join('')}rabbitmq-server -detached`,
    start: () => run(server, ['-detached'], { root: true, env: rabbitEnv(env) }),
    alive: registered,
    logTail: () => tail(join(env.RABBITMQ_LOG_BASE ?? '/var/log/rabbitmq', `${node}.log`)),
  };
}

const POSTGRES = {
  name: 'PostgreSQL',
  variable: 'DATABASE_URL',
  defaultPort: 5432,
  probe: probePostgres,
  local: async (port) => localPostgres(port),
  installed: postgresInstalled,
  packages: ['postgresql'],
  startSeconds: 60,
  container: {
    image: 'postgres:16-alpine',
    port: 5432,
    volume: 'postgres',
    data: '/var/lib/postgresql/data',
    environment: (url) => {
      const { username, password } = new URL(url);
      return {
        POSTGRES_USER: decodeURIComponent(username || 'postgres'),
        ...(password ? { POSTGRES_PASSWORD: decodeURIComponent(password) } : { POSTGRES_HOST_AUTH_METHOD: 'trust' }),
      };
    },
  },
  noLocal: (port) =>
    `PostgreSQL is installed, but no cluster of it listens on port ${port} (pg_lsclusters): ` +
    `create one with \`pg_createcluster <version> main -p ${port} --start\``,
};

const RABBITMQ = {
  name: 'RabbitMQ',
  variable: 'AMQP_URL',
  defaultPort: 5672,
  probe: probeRabbit,
  local: localRabbit,
  installed: () => Boolean(which('rabbitmq-server')),
  packages: ['rabbitmq-server'],
  // A broker on a busy two-core machine takes tens of seconds to boot.
  startSeconds: 120,
  container: {
    image: 'rabbitmq:3.13-alpine',
    port: 5672,
    volume: 'rabbitmq',
    data: '/var/lib/rabbitmq',
    // The node's data directory is named after its host: a fixed one keeps it across containers.
    hostname: 'shop-rabbitmq',
    // The image lets guest/guest in from outside the container; another user is made on first start.
    environment: (url) => {
      const user = decodeURIComponent(new URL(url).username || 'guest');
      const password = decodeURIComponent(new URL(url).password || 'guest');
      return user === 'guest' && password === 'guest' ? {} : { RABBITMQ_DEFAULT_USER: user, RABBITMQ_DEFAULT_PASS: password };
    },
  },
  noLocal: (port, env) =>
    `rabbitmq-server is installed, but the node it starts listens on port ${rabbitPort(env)}, not ${port} ` +
    '(listeners.tcp in rabbitmq.conf, or RABBITMQ_NODE_PORT)',
};

export class ServersError extends Error {}

/** One server through the four ways up; resolves with the URL it answers at and its container. */
async function ensureServer(kind, url, ctx) {
  const { log } = ctx;
  const { host, port } = endpoint(url, kind.defaultPort);
  const first = await kind.probe(url);
  if (first.answers) {
    log.say(`${kind.name} answers on ${host}:${port}`);
    return { url };
  }
  const lead = `${kind.name} not answering on ${port}; `;
  const tried = [`${host}:${port}: ${first.reason}`];
  const pointElsewhere = `point ${kind.variable} at a ${kind.name} you have (in the environment or .env)`;
  const failure = (advice) =>
    new ServersError(
      `${kind.name} does not answer at ${host}:${port}.\n  Tried:\n${tried.map((t) => `  - ${t}\n`).join('')}` +
        `  You can:\n${[...advice, pointElsewhere].map((a) => `  - ${a}\n`).join('')}`,
    );

  if (!isLocal(host)) {
    // A server elsewhere cannot be started from here; it may still be booting.
    const done = log.step(`${lead}${host} is not this machine, waiting for it`);
    const last = await waitUntilAnswers(kind, url, 30);
    done(last.answers ? 'up' : 'still not answering');
    if (last.answers) return { url };
    tried.push(`waiting 30 s: ${last.reason}`);
    throw failure([`start it on ${host}`]);
  }

  const local = await kind.local(port, ctx.env);
  if (first.loginRefused) {
    const allowed = local?.letIn && !new URL(url).password && (await letIn(kind, url, local, log));
    if (allowed?.answers) return { url };
    if (allowed) tried.push(`${local.letIn.describe}: ${allowed.reason}`);
    throw failure([`check the user and password in ${kind.variable}, or let that user in`]);
  }

  const startYourself = [];
  if (local) {
    const up = await bringUpLocal(kind, url, local, lead, log);
    if (up.answers) return { url };
    tried.push(up.why);
    if (local.state === 'running') throw failure([`stop ${local.describe} and run this again`]);
    startYourself.push(`start it as root: \`${rootAccess() ? '' : 'sudo '}${local.startCommand}\`, and run this again`);
  }

  const looked = log.step(`${lead}looking for a Docker engine`);
  const docker = await ctx.docker();
  looked(docker.client ? 'found' : 'none');
  if (docker.client) {
    try {
      return await startContainer(kind, url, docker.client, lead, ctx);
    } catch (err) {
      tried.push(`a container of ${kind.container.image}: ${err.message}`);
    }
  } else {
    tried.push(`a Docker engine for testcontainers: ${docker.reason}`);
  }

  if (kind.installed()) {
    if (!local) tried.push(kind.noLocal(port, ctx.env));
  } else {
    const why = cannotInstall();
    if (why) {
      tried.push(`installing ${kind.packages.join(' ')}: ${why}`);
    } else {
      await installPackages(kind.packages, log);
      const installed = await kind.local(port, ctx.env);
      const up = installed ? await bringUpLocal(kind, url, installed, '', log) : { why: kind.noLocal(port, ctx.env) };
      if (up.answers) return { url };
      tried.push(up.why);
    }
  }
  throw failure([
    ...startYourself,
    ...(kind.installed() ? [] : [`run this as root or with sudo on Debian or Ubuntu, which installs ${kind.packages.join(' ')}`]),
    'start a Docker engine (Docker Desktop, or dockerd) and run this again',
  ]);
}

/** Lets the URL's password-less logins in to a local server and waits until one succeeds. */
async function letIn(kind, url, local, log) {
  const done = log.step(`${kind.name} refuses a login without a password; ${local.letIn.describe}`);
  await local.letIn.apply();
  const last = await waitUntilAnswers(kind, url, 10);
  done(last.answers ? 'answers' : 'still refused');
  return last;
}

/**
 * Waits for a local server that is starting, or starts a stopped one and waits for it. Resolves
 * with `answers`, or `why` not (with the end of the server's log).
 */
async function bringUpLocal(kind, url, local, lead, log) {
  let started = { code: 0, output: '' };
  let done;
  if (local.state === 'running') {
    done = log.step(`${lead}${local.describe} is starting, waiting for it`);
  } else {
    const access = rootAccess();
    done = log.step(`${lead}starting ${local.describe}${access && !isRoot() ? ` (${access.how})` : ''}`);
    started = await local.start();
  }
  // A start that failed may have lost a race with another one starting the same server: that one
  // is waited for.
  const starting = started.code === 0 || (await local.alive());
  const last = starting ? await waitUntilAnswers(kind, url, kind.startSeconds, local) : await kind.probe(url);
  done(last.answers || last.loginRefused ? 'up' : starting ? 'not answering' : 'failed');
  const answered = last.loginRefused && local.letIn && !new URL(url).password ? await letIn(kind, url, local, log) : last;
  if (answered.answers) {
    if (local.state === 'stopped') log.say(`${kind.name} (${local.describe}) keeps running after this stops, as a system service does`);
    return answered;
  }
  if (answered !== last) return { why: `${local.letIn.describe}: ${answered.reason}` };
  const how = local.state === 'running' ? `waiting for ${local.describe}, which is running` : `starting ${local.describe}`;
  const why = started.code === 0 ? last.reason : lastLines(started.output, 5) || `exit code ${started.code}`;
  const logEnd = local.logTail();
  return { why: `${how}: ${why}${logEnd ? `; the end of its log:\n${indent(logEnd)}` : ''}` };
}

/**
 * Probes until the server answers, refuses the login, or `limit` seconds pass; a local server that
 * went away while starting is not waited for.
 */
async function waitUntilAnswers(kind, url, limit, local) {
  const deadline = Date.now() + limit * 1000;
  const checkAliveFrom = Date.now() + 10_000;
  for (;;) {
    const result = await kind.probe(url);
    if (result.answers || result.loginRefused || Date.now() > deadline) return result;
    if (local && Date.now() > checkAliveFrom && !(await local.alive())) return { ...result, reason: `${result.reason}; it stopped while starting` };
    await sleep(500);
  }
}

/** Starts the server in a container on the URL's port, with its data in a named volume. */
async function startContainer(kind, url, client, lead, ctx) {
  const { GenericContainer, Wait } = await import('testcontainers');
  const { log } = ctx;
  const { host, port } = endpoint(url, kind.defaultPort);
  const spec = kind.container;
  // One volume per port: a second shop on other ports keeps its own data.
  const volume = `shop-${spec.volume}${port === kind.defaultPort ? '' : `-${port}`}`;
  await pullImage(client, spec.image, log);
  const done = log.step(`${lead}starting it in Docker (${spec.image}, data in the volume ${volume})`);
  let container = new GenericContainer(spec.image)
    .withExposedPorts({ container: spec.port, host: port })
    .withBindMounts([{ source: volume, target: spec.data }])
    .withEnvironment(spec.environment(url))
    .withWaitStrategy(Wait.forListeningPorts())
    .withStartupTimeout(kind.startSeconds * 1000);
  if (spec.hostname) container = container.withHostname(spec.hostname);
  // Without the reaper's label the container outlives this process (the command-line use).
  if (ctx.keepContainers) container = container.withAutoCleanup(false);
  const started = await container.start();
  // A Docker engine on another machine publishes the port there.
  const answersAt = isLocal(started.getHost()) ? url : withHost(url, started.getHost());
  const last = await waitUntilAnswers(kind, answersAt, kind.startSeconds);
  if (!last.answers) {
    done('not answering');
    await started.stop({ timeout: 10_000 });
    throw new ServersError(`${kind.name} started in Docker (${spec.image}) but does not answer at ${endpoint(answersAt).host}:${port}: ${last.reason}`);
  }
  done('up');
  if (ctx.keepContainers) log.say(`${kind.name}'s container keeps running: \`docker stop ${started.getId().slice(0, 12)}\` stops it (its data stays in ${volume})`);
  else log.say(`${kind.name}'s container stops when this does; its data stays in the volume ${volume}`);
  if (host !== endpoint(answersAt).host) log.say(`${kind.name} answers at ${answersAt}`);
  return { url: answersAt, container: started };
}

function withHost(url, host) {
  const next = new URL(url);
  next.hostname = host;
  return next.toString();
}

/** Pulls an image that is not there yet, showing how much of it has come. */
async function pullImage(client, image, log) {
  const docker = client.container.dockerode;
  try {
    await docker.getImage(image).inspect();
    return;
  } catch {
    // not pulled yet
  }
  const done = log.step(`downloading ${image}`);
  const layers = new Map();
  let shown = 0;
  const stream = await docker.pull(image);
  await new Promise((resolve, reject) =>
    docker.modem.followProgress(
      stream,
      (err) => (err ? reject(err) : resolve()),
      (event) => {
        if (!event.id || !event.progressDetail?.total) return;
        if (event.status === 'Downloading') layers.set(event.id, event.progressDetail);
        const total = [...layers.values()].reduce((sum, l) => sum + l.total, 0);
        const current = [...layers.values()].reduce((sum, l) => sum + l.current, 0);
        const percent = Math.floor((current / total) * 10) * 10;
        if (percent > shown) {
          shown = percent;
          log.progress(`${image}: ${percent}% of ${(total / 1e6).toFixed(0)} MB so far`);
        }
      },
    ),
  );
  done('done');
}

const osRelease = () =>
  Object.fromEntries(
    readText('/etc/os-release')
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1).replace(/^"|"$/g, '')]),
  );

/** Why Debian packages cannot be installed here, or null when they can. */
function cannotInstall() {
  const release = osRelease();
  const family = `${release.ID ?? ''} ${release.ID_LIKE ?? ''}`;
  if (!/\b(debian|ubuntu)\b/.test(family) || !which('apt-get')) return `this is not Debian or Ubuntu (${release.PRETTY_NAME ?? process.platform})`;
  if (!rootAccess()) return 'this needs root, or sudo';
  return null;
}

/** apt-get update and install, showing apt's download and install progress in steps of 10%. */
async function installPackages(packages, log) {
  const access = rootAccess();
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  const updated = log.step(`updating the package lists (apt-get update, ${access.how})`);
  const update = await run('apt-get', ['update'], { root: true, env });
  updated(update.code === 0 ? 'done' : 'failed');
  if (update.code !== 0) throw new ServersError(`apt-get update failed:\n${indent(lastLines(update.output))}`);

  const done = log.step(`installing ${packages.join(' ')} (apt-get install)`);
  const shown = { dlstatus: -1, pmstatus: -1 };
  const install = await run('apt-get', ['install', '-y', '--no-install-recommends', '-o', 'APT::Status-Fd=1', ...packages], {
    root: true,
    env,
    onLine: (line) => {
      if (/^Need to get /.test(line)) log.progress(line);
      // dlstatus:<n>:<percent>:<what> and pmstatus:<package>:<percent>:<what>
      const status = /^(dlstatus|pmstatus):[^:]*:([\d.]+):(.*)$/.exec(line);
      if (!status) return;
      const [, kind, percent, what] = status;
      const step = Math.floor(Number(percent) / 10) * 10;
      if (step <= shown[kind]) return;
      shown[kind] = step;
      log.progress(`${kind === 'dlstatus' ? 'downloading' : 'installing'} ${step}%: ${what}`);
    },
  });
  done(install.code === 0 ? 'done' : 'failed');
  if (install.code !== 0) throw new ServersError(`apt-get install ${packages.join(' ')} failed:\n${indent(lastLines(install.output))}`);
}

/**
 * Makes sure both servers answer; resolves with the URLs they answer at (a container's may differ)
 * and `stop()`, which stops the containers started here. Rejects with a ServersError saying what
 * was tried and what the person can do.
 *
 *   env             where RABBITMQ_NODENAME and the like come from (the process's by default)
 *   keepContainers  leave containers running after this process (the command-line use)
 *   write           where the log goes (stdout)
 */
export async function ensureServers({
  databaseUrl = DEFAULT_DATABASE_URL,
  amqpUrl = DEFAULT_AMQP_URL,
  env = process.env,
  keepContainers = false,
  write = (text) => process.stdout.write(text),
} = {}) {
  let engine;
  const ctx = {
    log: new Log(write),
    env,
    keepContainers,
    // Asked once, and only when a server needs it: finding no engine takes a second.
    docker: () => (engine ??= findDockerEngine()),
  };
  const containers = {};
  const started = [];
  const errors = [];
  const urls = {};
  for (const [key, kind, url] of [
    ['postgres', POSTGRES, databaseUrl],
    ['rabbitmq', RABBITMQ, amqpUrl],
  ]) {
    try {
      const result = await ensureServer(kind, url, ctx);
      urls[key] = result.url;
      if (result.container) {
        containers[key] = result.container;
        started.push([kind, result.container]);
      }
    } catch (err) {
      if (!(err instanceof ServersError)) throw err;
      errors.push(err.message);
    }
  }
  const stop = async () => {
    for (const [kind, container] of started) {
      const done = ctx.log.step(`stopping ${kind.name}'s container`);
      // Time to shut down cleanly; the data stays in the volume.
      await container.stop({ timeout: 10_000 });
      done('stopped');
    }
  };
  if (errors.length) {
    await stop();
    throw new ServersError(errors.join('\n'));
  }
  return { databaseUrl: urls.postgres, amqpUrl: urls.rabbitmq, containers, stop };
}

async function findDockerEngine() {
  let testcontainers;
  try {
    testcontainers = await import('testcontainers');
  } catch {
    return { reason: 'testcontainers is not installed (npm ci installs it)' };
  }
  try {
    return { client: await testcontainers.getContainerRuntimeClient() };
  } catch (err) {
    return { reason: `none answers (${err.message})` };
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureServers({
    databaseUrl: process.env.DATABASE_URL,
    amqpUrl: process.env.AMQP_URL,
    keepContainers: true,
  }).then(
    () => process.exit(0),
    (err) => {
      process.stdout.write(`\n${err instanceof ServersError ? err.message : err.stack}\n`);
      process.exit(1);
    },
  );
}
