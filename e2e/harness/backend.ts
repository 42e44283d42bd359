import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SERVICES, ServiceName } from '@shop/proto';
import { dropDatabase } from '@shop/kit';
import { deleteNamespace } from './broker';
import { createMailbox, type Mailbox } from './mailbox';
import { freePort } from './ports';

const ROOT = join(__dirname, '..', '..');

export interface BackendOptions {
  /** Services to start; all six by default. */
  services?: readonly ServiceName[];
  /** Extra environment for every process. */
  env?: Record<string, string>;
  /** Extra environment per service. */
  serviceEnv?: Partial<Record<ServiceName, Record<string, string>>>;
  /**
   * Starts the storefront's server too (web-store/build/server/index.js, as `npm start` runs it),
   * to which the gateway passes every page.
   */
  storefront?: boolean;
}

export interface Backend {
  url: string;
  namespace: string;
  env: Record<string, string>;
  databases: Record<ServiceName, string>;
  /** Where a started service serves its health routes (`${healthUrl}/health/ready`). */
  healthUrl(service: ServiceName): string;
  /** kill -9 one service. */
  kill(service: ServiceName, signal?: NodeJS.Signals): Promise<void>;
  /** Start a service again after kill. */
  restart(service: ServiceName): Promise<void>;
  stop(): Promise<void>;
  logs(name: ServiceName | 'gateway' | 'web-store'): string;
  /**
   * The maildev the user service sends its mail to, started with the backend unless the test gave
   * its own SMTP_URL: `mailbox.waitFor({ to, subject })` reads what arrived.
   */
  mailbox?: Mailbox;
}

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123';
export const TEST_ADMIN = { email: 'admin@test.local', password: 'Admin@12345' };

/** Long enough for a service to migrate and start while two cores also run a browser and the other tests. */
async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/**
 * Starts the built services and the gateway as real processes against the real PostgreSQL and
 * RabbitMQ, isolated by a fresh bus namespace and fresh databases, and waits until they answer.
 */
export async function startBackend(options: BackendOptions = {}): Promise<Backend> {
  const services = options.services ?? SERVICES;
  const id = randomBytes(4).toString('hex');
  const namespace = `t${id}`;
  const gatewayPort = await freePort();
  const storefrontPort = await freePort();
  const env: Record<string, string> = {
    DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    AMQP_URL: process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
    BUS_NAMESPACE: namespace,
    // Where services that call back into the API (the payment sandbox's webhooks) find it.
    GATEWAY_URL: `http://127.0.0.1:${gatewayPort}`,
    // The store is served through the gateway here, so links and redirects to the store lead back to it.
    PUBLIC_URL: `http://127.0.0.1:${gatewayPort}`,
    WEB_STORE_URL: `http://127.0.0.1:${storefrontPort}`,
    JWT_SECRET: TEST_JWT_SECRET,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
    // Every request of a test comes from one address: a test about the rate limits sets its own.
    RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ...options.env,
  };
  const databases = Object.fromEntries(
    SERVICES.map((s) => [s, `${namespace}_${s.replace(/-/g, '_')}`]),
  ) as Record<ServiceName, string>;
  const procs = new Map<string, ChildProcess>();
  const output = new Map<string, string>();
  const healthPorts = new Map<ServiceName, number>();

  const launch = (name: string, script: string, extra: Record<string, string>) => {
    if (!existsSync(script)) throw new Error(`${script} is missing: run "npm run build" first`);
    const child = spawn(process.execPath, [script], {
      env: { ...process.env, ...env, ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    output.set(name, '');
    const collect = (chunk: Buffer) => output.set(name, (output.get(name) ?? '') + chunk.toString());
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    procs.set(name, child);
    return child;
  };

  const startService = async (service: ServiceName) => {
    const port = healthPorts.get(service) ?? (await freePort());
    healthPorts.set(service, port);
    launch(service, join(ROOT, 'services', service, 'dist', 'main.js'), {
      DATABASE_NAME: databases[service],
      HEALTH_PORT: String(port),
      HEALTH_HOST: '127.0.0.1',
      ...(options.serviceEnv?.[service] ?? {}),
    });
    await waitFor(
      async () => (await fetch(`http://127.0.0.1:${port}/health/ready`)).ok,
      `${service} to be ready`,
    ).catch((err) => {
      throw new Error(`${err.message}\n${output.get(service)}`);
    });
  };

  const stopProc = async (name: string, signal: NodeJS.Signals = 'SIGTERM') => {
    const child = procs.get(name);
    if (!child || child.exitCode !== null || child.signalCode) return;
    // 'close' comes after the process's last output is read, so its logs are whole once this resolves.
    const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
    child.kill(signal);
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null && !child.signalCode) child.kill('SIGKILL');
    procs.delete(name);
  };

  const url = `http://127.0.0.1:${gatewayPort}`;
  let mailbox: Mailbox | undefined;
  try {
    // The user service sends all its mail through SMTP: to a maildev of this backend's own, started
    // beside the services (about 1.5 s, while they start), unless the test names another relay.
    if (services.includes('user') && !env.SMTP_URL && !options.serviceEnv?.user?.SMTP_URL) {
      mailbox = await createMailbox();
      env.SMTP_URL = mailbox.smtpUrl;
    }
    await Promise.all([mailbox?.start(), ...services.map(startService)]);
    launch('gateway', join(ROOT, 'gateway', 'dist', 'main.js'), {
      PORT: String(gatewayPort),
      HOST: '127.0.0.1',
    });
    await waitFor(async () => (await fetch(`${url}/health/live`)).ok, 'the gateway');
    if (options.storefront) {
      launch('web-store', join(ROOT, 'web-store', 'build', 'server', 'index.js'), {
        PORT: String(storefrontPort),
        HOST: '127.0.0.1',
        // React's production build, as `npm start` runs the storefront.
        NODE_ENV: 'production',
      });
      await waitFor(
        async () => (await fetch(`${env.WEB_STORE_URL}/health/ready`)).ok,
        "the storefront's server",
      ).catch((err) => {
        throw new Error(`${err.message}\n${output.get('web-store')}`);
      });
    }
  } catch (err) {
    // A backend that failed to start is never handed to the test, so nothing else would stop it.
    await Promise.all([...procs.keys()].map((name) => stopProc(name)));
    await mailbox?.close();
    throw err;
  }

  return {
    url,
    healthUrl: (service) => `http://127.0.0.1:${healthPorts.get(service)}`,
    namespace,
    env,
    databases,
    kill: (service, signal = 'SIGKILL') => stopProc(service, signal),
    restart: startService,
    logs: (name) => output.get(name) ?? '',
    mailbox,
    async stop() {
      await Promise.all([...procs.keys()].map((name) => stopProc(name)));
      await mailbox?.close();
      await Promise.all(
        Object.values(databases).map((db) => dropDatabase(env.DATABASE_URL, db).catch(() => undefined)),
      );
      await deleteNamespace(namespace).catch(() => undefined);
    },
  };
}

export { freePort };
