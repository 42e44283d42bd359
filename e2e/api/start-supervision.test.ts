import { SERVICES } from '@shop/proto';
import { dropDatabase } from '@shop/kit';
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { TEST_ADMIN, TEST_JWT_SECRET } from '../harness/backend';
import { deleteNamespace } from '../harness/broker';
import { freePorts } from '../harness/ports';
import { api } from '../harness/http';

jest.setTimeout(240_000);

const ROOT = join(__dirname, '..', '..');
const CATALOG = SERVICES.indexOf('catalog');

async function waitFor(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 90_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await Promise.resolve(check()).catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The pid of the supervisor's child running `script`, found among that supervisor's children only. */
function childPid(parent: number, script: string): number | undefined {
  const lines = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(parent)], {
    encoding: 'utf8',
  }).split('\n');
  const line = lines.find((l) => l.includes(script));
  return line ? Number(line.trim().split(/\s+/)[0]) : undefined;
}

describe('npm start supervises the processes it starts', () => {
  const id = randomBytes(4).toString('hex');
  const namespace = `t${id}`;
  let start: ChildProcess;
  let output = '';
  let gatewayPort: number;
  let healthBase: number;
  let maildevPorts: number;
  const catalogScript = join('services', 'catalog', 'dist', 'main.js');
  const catalogReady = () => fetch(`http://127.0.0.1:${healthBase + CATALOG}/health/ready`).then((r) => r.ok);

  beforeAll(async () => {
    healthBase = await freePorts(SERVICES.length);
    gatewayPort = await freePorts(1);
    maildevPorts = await freePorts(2);
    const storefrontPort = await freePorts(1);
    start = spawn(process.execPath, [join(ROOT, 'scripts', 'start.mjs'), '--skip-build', '--skip-seed'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(gatewayPort),
        HOST: '127.0.0.1',
        HEALTH_PORT_BASE: String(healthBase),
        HEALTH_HOST: '127.0.0.1',
        DATABASE_NAME_PREFIX: namespace,
        BUS_NAMESPACE: namespace,
        GATEWAY_URL: `http://127.0.0.1:${gatewayPort}`,
        PUBLIC_URL: `http://127.0.0.1:${gatewayPort}`,
        JWT_SECRET: TEST_JWT_SECRET,
        ADMIN_EMAIL: TEST_ADMIN.email,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATABASE_POOL_SIZE: '3',
        MAILDEV_SMTP_PORT: String(maildevPorts),
        MAILDEV_WEB_PORT: String(maildevPorts + 1),
        WEB_STORE_URL: `http://127.0.0.1:${storefrontPort}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    start.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    start.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitFor(() => output.includes('The shop is running'), 'the shop to start', 180_000).catch((err) => {
      throw new Error(`${err.message}\n${output}`);
    });
  });

  afterAll(async () => {
    if (start.exitCode === null && start.signalCode === null) {
      const exited = new Promise((resolve) => start.once('exit', resolve));
      start.kill('SIGTERM');
      await exited;
    }
    await Promise.all(
      SERVICES.map((s) =>
        dropDatabase(process.env.DATABASE_URL!, `${namespace}_${s.replace(/-/g, '_')}`).catch(
          () => undefined,
        ),
      ),
    );
    await deleteNamespace(namespace).catch(() => undefined);
  });

  it('starts a killed service again, says so, and the shop is healthy again', async () => {
    const killed = childPid(start.pid!, catalogScript);
    expect(killed).toBeDefined();
    process.kill(killed!, 'SIGKILL');

    await waitFor(
      () => output.includes('[supervisor] catalog was killed by SIGKILL; restarting in 1 s'),
      'the restart notice',
    );
    await waitFor(async () => {
      const again = childPid(start.pid!, catalogScript);
      return Boolean(again && again !== killed && (await catalogReady()));
    }, 'catalog to be ready again');
    await waitFor(
      async () => (await api(`http://127.0.0.1:${gatewayPort}`).get('/health')).status === 200,
      'a green /api/health',
    );
    const health = await api(`http://127.0.0.1:${gatewayPort}`).get('/health');
    for (const service of SERVICES) expect(health.body.services[service].status).toBe('up');
  });

  it("runs maildev, prints its inbox beside the shop's URL, and the shop's mail arrives there", async () => {
    expect(output).toContain(`Mail inbox:   http://localhost:${maildevPorts + 1}`);
    const http = api(`http://127.0.0.1:${gatewayPort}`);
    const email = 'started-shop@example.com';
    expect(
      (await http.post('/auth/register', { username: 'started_shop', email, password: 'Secret@123' })).status,
    ).toBe(201);
    expect((await http.post('/auth/forgot-password', { email })).status).toBe(200);
    await waitFor(async () => {
      const inbox = (await (await fetch(`http://127.0.0.1:${maildevPorts + 1}/api/email`)).json()) as {
        to: { address: string }[];
      }[];
      return inbox.some((mail) => mail.to.some((a) => a.address === email));
    }, 'the reset mail in maildev');
  });

  it('stops everything on SIGTERM without restarting anything', async () => {
    const children = [
      ...SERVICES.map((s) => join('services', s, 'dist', 'main.js')),
      join('maildev', 'dist', 'bin', 'maildev.js'),
    ].map((script) => childPid(start.pid!, script));
    const exited = new Promise<number | null>((resolve) => start.once('exit', (code) => resolve(code)));
    const before = output.length;
    start.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output.slice(before)).not.toContain('restarting in');
    for (const pid of children) expect(() => process.kill(pid!, 0)).toThrow();
  });
});
