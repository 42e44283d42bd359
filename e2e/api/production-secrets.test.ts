import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';

jest.setTimeout(90_000);

const ROOT = join(__dirname, '..', '..');
const DEVELOPMENT_SECRET = 'development-only-secret-change-me-0123456789';
const DEPLOY_EXAMPLE_SECRET = 'replace-with-at-least-32-random-characters-0123456789';
const OWN_SECRET = randomBytes(32).toString('base64');
const OWN_PASSWORD = 'Correct-Horse-42';

/** Starts a built program with NODE_ENV=production and waits for it to exit (or not, within 20 s). */
function runInProduction(
  program: 'gateway' | 'user service',
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const script =
    program === 'gateway'
      ? join(ROOT, 'gateway', 'dist', 'main.js')
      : join(ROOT, 'services', 'user', 'dist', 'main.js');
  const child = spawn(process.execPath, [script], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: '0',
      HEALTH_PORT: '0',
      HOST: '127.0.0.1',
      HEALTH_HOST: '127.0.0.1',
      BUS_NAMESPACE: `t${randomBytes(4).toString('hex')}`,
      ADMIN_EMAIL: 'boss@example.com',
      // The user service requires a relay in production; a test about a missing one leaves it empty.
      ...(program === 'user service' && { SMTP_URL: 'smtps://shop:app-password@smtp.example.com:465' }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve({ code: null, output });
    }, 20_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('production refuses development values', () => {
  it.each([
    [
      'gateway',
      "npm start's JWT_SECRET",
      { JWT_SECRET: DEVELOPMENT_SECRET },
      /JWT_SECRET: JWT_SECRET is a development or example value/,
    ],
    [
      'gateway',
      "deploy's example JWT_SECRET",
      { JWT_SECRET: DEPLOY_EXAMPLE_SECRET },
      /JWT_SECRET: JWT_SECRET is a development or example value/,
    ],
    ['gateway', 'a short JWT_SECRET', { JWT_SECRET: randomBytes(12).toString('hex') }, /JWT_SECRET/],
    [
      'gateway',
      'a guessable JWT_SECRET',
      { JWT_SECRET: 'ab'.repeat(24) },
      /JWT_SECRET: JWT_SECRET is too easy to guess/,
    ],
    [
      'user service',
      "npm start's JWT_SECRET",
      { JWT_SECRET: DEVELOPMENT_SECRET, ADMIN_PASSWORD: OWN_PASSWORD },
      /JWT_SECRET: JWT_SECRET is a development or example value/,
    ],
    [
      'user service',
      "deploy's example JWT_SECRET",
      { JWT_SECRET: DEPLOY_EXAMPLE_SECRET, ADMIN_PASSWORD: OWN_PASSWORD },
      /JWT_SECRET: JWT_SECRET is a development or example value/,
    ],
    [
      'user service',
      'the example admin password',
      { JWT_SECRET: OWN_SECRET, ADMIN_PASSWORD: 'Admin@12345' },
      /ADMIN_PASSWORD: ADMIN_PASSWORD is a development or example password/,
    ],
    [
      'user service',
      'a guessable JWT_SECRET',
      { JWT_SECRET: 'x'.repeat(40), ADMIN_PASSWORD: OWN_PASSWORD },
      /JWT_SECRET: JWT_SECRET is too easy to guess/,
    ],
    [
      'user service',
      'no SMTP_URL',
      { JWT_SECRET: OWN_SECRET, ADMIN_PASSWORD: OWN_PASSWORD, SMTP_URL: '' },
      /SMTP_URL: SMTP_URL is required in production/,
    ],
  ] as const)('the %s exits non-zero on %s, naming the variable', async (program, _, env, message) => {
    const { code, output } = await runInProduction(program, env);
    expect(code).not.toBeNull();
    expect(code).not.toBe(0);
    expect(output).toMatch(message);
  });

  describe('with values of its own', () => {
    let backend: Backend;
    beforeAll(async () => {
      backend = await startBackend({
        services: ['user'],
        env: {
          NODE_ENV: 'production',
          JWT_SECRET: OWN_SECRET,
          ADMIN_EMAIL: 'boss@example.com',
          ADMIN_PASSWORD: OWN_PASSWORD,
        },
      });
    });
    afterAll(() => backend?.stop());

    it('the gateway and the user service start, and the admin signs in', async () => {
      const res = await api(backend.url).post('/admin2009/login', {
        email: 'boss@example.com',
        password: OWN_PASSWORD,
      });
      expect(res.status).toBe(200);
    });
  });
});
