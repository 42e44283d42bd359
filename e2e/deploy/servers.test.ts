import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'amqplib';
import { Client } from 'pg';
import { getContainerRuntimeClient } from 'testcontainers';
import { freePort, freePorts } from '../harness/ports';

/**
 * scripts/servers.mjs brings PostgreSQL and RabbitMQ up for `npm start`, `npm test` and `.ci/run`.
 * These tests bring up servers of their own (a second cluster, a second node, containers on other
 * ports), never the ones the other tests use. They run it in a child process, through npm start or
 * as `.ci/run` does, as a command: jest's sandbox cannot load an ES module.
 */
jest.setTimeout(120_000);

const ROOT = join(__dirname, '..', '..');
const SERVERS = join(ROOT, 'scripts', 'servers.mjs');
const id = randomBytes(3).toString('hex');

type Run = { code: number | null; output: string };

/**
 * Runs `node scripts/servers.mjs`, or with `script` an ES module that imports it, in ROOT. `seen`
 * resolves once the output holds a text, `done` when the process has exited.
 */
function startServers(env: NodeJS.ProcessEnv, script?: string) {
  const args = script ? ['--input-type=module', '-e', script] : [SERVERS];
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const waiting: Array<[string, () => void]> = [];
  const take = (chunk: Buffer) => {
    output += chunk.toString();
    for (const [text, resolve] of waiting) if (output.includes(text)) resolve();
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  const done = new Promise<Run>((resolve) => child.on('close', (code) => resolve({ code, output })));
  const seen = (text: string) => Promise.race([new Promise<void>((resolve) => waiting.push([text, resolve])), done.then(() => undefined)]);
  return { seen, done };
}

const runServers = (env: NodeJS.ProcessEnv, script?: string): Promise<Run> => startServers(env, script).done;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** A step's log line: "[servers] <text> ... <outcome> in 2.1 s". */
const stepLine = (text: string, outcome: string) => new RegExp(`\\[servers\\] ${escape(text)} \\.\\.\\. ${outcome} in \\d+\\.\\d s`);

async function postgresPort(url: string): Promise<string> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query('SELECT current_setting($1) AS port', ['port'])).rows[0].port;
  } finally {
    await client.end();
  }
}

async function rabbitAnswers(url: string): Promise<true> {
  const connection = await connect(url);
  await connection.close();
  return true;
}

const newestPostgres = () =>
  existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql')
        .filter((v) => existsSync(`/usr/lib/postgresql/${v}/bin/postgres`))
        .sort((a, b) => Number(b) - Number(a))[0]
    : undefined;
const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command} || test -x /usr/sbin/${command}`]).status === 0;

/** Why a second cluster and node cannot be made here, or '' when they can. */
function whyNoSecondServers(): string {
  if (process.getuid?.() !== 0) return 'making a second cluster and node needs root';
  if (!has('pg_createcluster') || !newestPostgres()) return "Debian's PostgreSQL (pg_createcluster) is not installed";
  if (!has('rabbitmq-server') || spawnSync('id', ['-u', 'rabbitmq']).status !== 0) return 'rabbitmq-server is not installed';
  return '';
}

/** Why testcontainers finds no Docker engine, or '' when it finds one (asked in a child: tests are declared synchronously). */
function whyNoDockerEngine(): string {
  const found = spawnSync(
    process.execPath,
    ['-e', "require('testcontainers').getContainerRuntimeClient().then(() => process.exit(0), (err) => { process.stdout.write(err.message); process.exit(1); })"],
    { cwd: ROOT, encoding: 'utf8' },
  );
  return found.status === 0 ? '' : `no Docker engine: ${found.stdout.trim() || found.stderr.trim()}`;
}

const noSecondServers = whyNoSecondServers();
const noDocker = whyNoDockerEngine();
const skipped = (reason: string) => (reason ? ` (skipped: ${reason})` : '');

describe('a PostgreSQL cluster and a RabbitMQ node of its own, stopped, on ports of their own', () => {
  const version = newestPostgres();
  const cluster = `shoptest_${id}`;
  const node = `shoptest${id}@localhost`;
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let databaseUrl: string;
  let amqpUrl: string;

  beforeAll(async () => {
    if (noSecondServers) return;
    const [pgPort, mqPort, distPort] = [await freePort(), await freePort(), await freePort()];
    databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
    amqpUrl = `amqp://guest:guest@127.0.0.1:${mqPort}`;
    // Debian's default cluster: stopped, and asking local TCP logins for a password.
    execFileSync('pg_createcluster', [version!, cluster, '-p', String(pgPort)], { stdio: 'ignore' });

    // A node of its own: its name, ports, data, log and configuration (the machine's rabbitmq.conf
    // names the shared broker's port).
    dir = mkdtempSync(join(tmpdir(), 'shop-servers-'));
    for (const sub of ['mnesia', 'log']) mkdirSync(join(dir, sub));
    writeFileSync(join(dir, 'rabbitmq.conf'), `listeners.tcp.local = 127.0.0.1:${mqPort}\n`);
    const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'rabbitmq'], { encoding: 'utf8' })));
    for (const path of [dir, join(dir, 'mnesia'), join(dir, 'log'), join(dir, 'rabbitmq.conf')]) chownSync(path, uid, gid);
    chmodSync(dir, 0o755);
    env = {
      DATABASE_URL: databaseUrl,
      AMQP_URL: amqpUrl,
      RABBITMQ_NODENAME: node,
      RABBITMQ_NODE_PORT: String(mqPort),
      RABBITMQ_DIST_PORT: String(distPort),
      RABBITMQ_MNESIA_BASE: join(dir, 'mnesia'),
      RABBITMQ_LOG_BASE: join(dir, 'log'),
      RABBITMQ_CONFIG_FILE: join(dir, 'rabbitmq.conf'),
      RABBITMQ_ENABLED_PLUGINS_FILE: join(dir, 'enabled_plugins'),
    };
  });

  afterAll(() => {
    if (databaseUrl) spawnSync('pg_dropcluster', ['--stop', version!, cluster], { stdio: 'ignore' });
    // With the pid file, rabbitmqctl stop returns once the node's process has gone.
    if (env) spawnSync('rabbitmqctl', ['stop', join(dir, 'mnesia', `${node}.pid`)], { env: { ...process.env, ...env }, stdio: 'ignore' });
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const testHere = noSecondServers ? test.skip : test;

  testHere(`npm start starts them before anything of the shop, letting the URL's password-less logins in${skipped(noSecondServers)}`, async () => {
    const [gatewayPort, healthBase] = [await freePort(), await freePorts(6)];
    const start = spawn(process.execPath, [join(ROOT, 'scripts', 'start.mjs'), '--skip-build', '--skip-seed'], {
      cwd: ROOT,
      env: { ...process.env, ...env, PORT: String(gatewayPort), HOST: '127.0.0.1', HEALTH_PORT_BASE: String(healthBase), HEALTH_HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<number | null>((resolve) => start.once('exit', resolve));
    // What comes after the servers is e2e/api/start-supervision.test.ts's: stop once it begins.
    const movedOn = await new Promise<boolean>((resolve) => {
      const take = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('> Starting services')) resolve(true);
      };
      start.stdout.on('data', take);
      start.stderr.on('data', take);
      exited.then(() => resolve(false));
    });
    start.kill('SIGTERM');
    await exited;

    expect({ movedOn, output }).toMatchObject({ movedOn: true });
    const pgPort = new URL(databaseUrl).port;
    const mqPort = new URL(amqpUrl).port;
    expect(output).toMatch(stepLine(`PostgreSQL not answering on ${pgPort}; starting the local cluster ${version}/${cluster}`, 'up'));
    expect(output).toMatch(
      stepLine(
        `PostgreSQL refuses a login without a password; letting local TCP logins in without a password (/etc/postgresql/${version}/${cluster}/pg_hba.conf)`,
        'answers',
      ),
    );
    expect(output).toMatch(stepLine(`RabbitMQ not answering on ${mqPort}; starting the local node ${node}`, 'up'));
    expect(output).toContain(`RabbitMQ (the local node ${node}) keeps running after this stops`);
    expect(output.indexOf('[servers] PostgreSQL not answering')).toBeLessThan(output.indexOf('> Starting services'));
    expect(output.indexOf('[servers] RabbitMQ not answering')).toBeLessThan(output.indexOf('> Starting services'));
    expect(await postgresPort(databaseUrl)).toBe(pgPort);
    expect(await rabbitAnswers(amqpUrl)).toBe(true);
  });

  testHere(`once they answer, they are used as they are${skipped(noSecondServers)}`, async () => {
    const { code, output } = await runServers(env);

    expect({ code, output }).toMatchObject({ code: 0 });
    expect(output.trim().split('\n')).toEqual([
      `[servers] PostgreSQL answers on 127.0.0.1:${new URL(databaseUrl).port}`,
      `[servers] RabbitMQ answers on 127.0.0.1:${new URL(amqpUrl).port}`,
    ]);
  });

  testHere(`a node that is up but not yet taking connections is waited for, not started again${skipped(noSecondServers)}`, async () => {
    const rabbitmqctl = (command: string) => execFileSync('rabbitmqctl', [command], { env: { ...process.env, ...env }, stdio: 'ignore' });
    // Its Erlang node runs and is registered, its broker does not listen: a broker still booting.
    rabbitmqctl('stop_app');
    const mqPort = new URL(amqpUrl).port;
    const waitingLine = `[servers] RabbitMQ not answering on ${mqPort}; the local node ${node} is starting, waiting for it ...`;

    const run = startServers(env);
    await run.seen(waitingLine);
    rabbitmqctl('start_app');
    const { code, output } = await run.done;

    expect({ code, output }).toMatchObject({ code: 0 });
    expect(output).toMatch(stepLine(`RabbitMQ not answering on ${mqPort}; the local node ${node} is starting, waiting for it`, 'up'));
    expect(output).not.toContain(`starting the local node ${node}`);
  });
});

describe('when nothing can bring a server up', () => {
  // Where a server is not installed, giving up would come after installing it.
  const notInstalled = !newestPostgres() || !has('rabbitmq-server') ? 'PostgreSQL or RabbitMQ is not installed here' : '';
  const reason = noDocker ? notInstalled : 'a Docker engine would start the servers';

  (reason ? test.skip : test)(`it stops, saying for each what it tried and what the person can do${skipped(reason)}`, async () => {
    const [pgPort, mqPort] = [await freePort(), await freePort()];

    const { code, output } = await runServers({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${pgPort}/postgres`,
      AMQP_URL: `amqp://guest:guest@127.0.0.1:${mqPort}`,
    });

    expect(code).toBe(1);
    expect(output).toMatch(stepLine(`PostgreSQL not answering on ${pgPort}; looking for a Docker engine`, 'none'));
    expect(output).toMatch(stepLine(`RabbitMQ not answering on ${mqPort}; looking for a Docker engine`, 'none'));
    const [postgres, rabbit] = output.split(`RabbitMQ does not answer at 127.0.0.1:${mqPort}.`);
    expect(postgres).toContain(`PostgreSQL does not answer at 127.0.0.1:${pgPort}.\n  Tried:\n  - 127.0.0.1:${pgPort}: connect ECONNREFUSED`);
    expect(postgres).toContain('  - a Docker engine for testcontainers: none answers');
    expect(postgres).toContain(`no cluster of it listens on port ${pgPort} (pg_lsclusters): create one with \`pg_createcluster`);
    expect(postgres).toContain('  You can:\n  - start a Docker engine');
    expect(postgres).toContain('  - point DATABASE_URL at a PostgreSQL you have');
    expect(rabbit).toContain(`  Tried:\n  - 127.0.0.1:${mqPort}: connect ECONNREFUSED`);
    expect(rabbit).toContain('  - a Docker engine for testcontainers: none answers');
    expect(rabbit).toMatch(new RegExp(`rabbitmq-server is installed, but the node it starts listens on port \\d+, not ${mqPort}`));
    expect(rabbit).toContain('  - point AMQP_URL at a RabbitMQ you have');
  });
});

describe('with a Docker engine and nothing local on the ports', () => {
  const volumes: string[] = [];
  const containerIds: string[] = [];

  afterAll(async () => {
    if (noDocker) return;
    const docker = (await getContainerRuntimeClient()).container.dockerode;
    for (const containerId of containerIds) await docker.getContainer(containerId).remove({ force: true }).catch(() => undefined);
    for (const volume of volumes) await docker.getVolume(volume).remove().catch(() => undefined);
  });

  (noDocker ? test.skip : test)(
    `the servers run in containers whose data outlives them in named volumes, and stop() stops them${skipped(noDocker)}`,
    async () => {
      const [pgPort, mqPort] = [await freePort(), await freePort()];
      const env = { DATABASE_URL: `postgres://postgres@127.0.0.1:${pgPort}/postgres`, AMQP_URL: `amqp://guest:guest@127.0.0.1:${mqPort}` };
      volumes.push(`shop-postgres-${pgPort}`, `shop-rabbitmq-${mqPort}`);

      // The command leaves its containers running, as .ci/run's npm test needs them.
      const first = await runServers(env);
      expect({ code: first.code, output: first.output }).toMatchObject({ code: 0 });
      expect(first.output).toMatch(stepLine(`PostgreSQL not answering on ${pgPort}; starting it in Docker (postgres:16-alpine, data in the volume shop-postgres-${pgPort})`, 'up'));
      expect(first.output).toMatch(stepLine(`RabbitMQ not answering on ${mqPort}; starting it in Docker (rabbitmq:3.13-alpine, data in the volume shop-rabbitmq-${mqPort})`, 'up'));
      containerIds.push(...[...first.output.matchAll(/`docker stop (\w+)`/g)].map((m) => m[1]));
      expect(containerIds).toHaveLength(2);

      const db = new Client({ connectionString: env.DATABASE_URL });
      await db.connect();
      await db.query("CREATE TABLE kept AS SELECT 'as it was left' AS note");
      await db.end();
      const mq = await connect(env.AMQP_URL);
      await (await mq.createChannel()).assertQueue('kept', { durable: true });
      await mq.close();

      const docker = (await getContainerRuntimeClient()).container.dockerode;
      for (const containerId of containerIds) {
        await docker.getContainer(containerId).stop({ t: 10 });
        await docker.getContainer(containerId).remove();
      }

      // npm start's way: new containers on the same volumes, stopped by stop() (what Ctrl-C calls).
      const second = await runServers(
        env,
        `import pg from 'pg';
         import amqp from 'amqplib';
         import { ensureServers } from './scripts/servers.mjs';
         const servers = await ensureServers({ databaseUrl: process.env.DATABASE_URL, amqpUrl: process.env.AMQP_URL });
         const db = new pg.Client({ connectionString: servers.databaseUrl });
         await db.connect();
         process.stdout.write('kept: ' + (await db.query('SELECT note FROM kept')).rows[0].note + '\\n');
         await db.end();
         const mq = await amqp.connect(servers.amqpUrl);
         process.stdout.write('queue: ' + (await (await mq.createChannel()).checkQueue('kept')).queue + '\\n');
         await mq.close();
         process.stdout.write('containers: ' + Object.values(servers.containers).map((c) => c.getId()).join(' ') + '\\n');
         await servers.stop();`,
      );
      expect({ code: second.code, output: second.output }).toMatchObject({ code: 0 });
      expect(second.output).toContain('kept: as it was left');
      expect(second.output).toContain('queue: kept');
      expect(second.output).toMatch(stepLine("stopping PostgreSQL's container", 'stopped'));
      expect(second.output).toMatch(stepLine("stopping RabbitMQ's container", 'stopped'));
      const stopped = /containers: (.*)/.exec(second.output)![1].split(' ');
      containerIds.push(...stopped);
      const running = await docker.listContainers();
      expect(running.filter((c) => stopped.includes(c.Id))).toEqual([]);
    },
    300_000,
  );
});
