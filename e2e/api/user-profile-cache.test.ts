import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { MESSAGES } from '@shop/proto';
import { Backend, freePort, startBackend, TEST_ADMIN } from '../harness/backend';
import { api } from '../harness/http';
import { eventually } from './catalog-support';

jest.setTimeout(90_000);

const PASSWORD = 'Secret@123';

/**
 * Each gateway replica caches `GET /api/auth/me`. A profile change shows at once on the replica
 * that made it and on the others when `user.updated` reaches them; a token ended by a logout or a
 * deactivation never gets a cached profile.
 */
describe('GET /api/auth/me from the gateway replicas cache', () => {
  let backend: Backend;
  let first: ReturnType<typeof api>;
  let second: ReturnType<typeof api>;
  let replica: ChildProcess;
  let seq = 0;

  const register = async () => {
    seq += 1;
    const username = `cached_${seq}`;
    const res = await first.post('/auth/register', {
      username,
      email: `${username}@example.com`,
      password: PASSWORD,
    });
    expect(res.status).toBe(201);
    return { token: res.body.token as string, id: res.body.user._id as string };
  };

  beforeAll(async () => {
    backend = await startBackend({ services: ['user'], env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
    first = api(backend.url);
    // A second replica of the gateway, on the same bus and services.
    const port = await freePort();
    replica = spawn(process.execPath, [join(__dirname, '..', '..', 'gateway', 'dist', 'main.js')], {
      env: { ...process.env, ...backend.env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: 'ignore',
    });
    second = api(`http://127.0.0.1:${port}`);
    await eventually(
      () =>
        fetch(`http://127.0.0.1:${port}/health/ready`).then(
          (r) => r.ok,
          () => false,
        ),
      (ready) => ready,
      60_000,
    );
  });
  afterAll(async () => {
    if (replica && replica.exitCode === null) {
      const exited = new Promise((resolve) => replica.once('exit', resolve));
      replica.kill('SIGTERM');
      await exited;
    }
    await backend?.stop();
  });

  it('answers a profile change at once on the replica that made it, and on another once user.updated reaches it', async () => {
    const { token } = await register();
    expect((await first.get('/auth/me', token)).body.user.name).toBeNull();
    expect((await second.get('/auth/me', token)).body.user.name).toBeNull();

    const updated = await first.put('/auth/me', { name: 'Asha Kulkarni', phone: '9876543210' }, token);
    expect(updated.status).toBe(200);

    const mine = await first.get('/auth/me', token);
    expect(mine.status).toBe(200);
    expect(mine.body.user).toMatchObject({ name: 'Asha Kulkarni', phone: '9876543210' });
    const other = await eventually(
      () => second.get('/auth/me', token),
      (res) => res.body.user?.name === 'Asha Kulkarni',
    );
    expect(other.body.user).toEqual(mine.body.user);
  });

  it('shows an address added through the replica at once', async () => {
    const { token } = await register();
    expect((await first.get('/auth/me', token)).body.user.addresses).toEqual([]);
    const added = await first.post(
      '/auth/addresses',
      {
        name: 'Asha Kulkarni',
        phone: '9876543210',
        street: '12 MG Road',
        city: 'Pune',
        state: 'Maharashtra',
        pinCode: '411001',
      },
      token,
    );
    expect(added.status).toBe(201);
    expect((await first.get('/auth/me', token)).body.user.addresses).toHaveLength(1);
  });

  it('refuses the token of a customer who logged out, though the profile was read just before', async () => {
    const { token } = await register();
    expect((await first.get('/auth/me', token)).status).toBe(200);
    expect((await second.get('/auth/me', token)).status).toBe(200);
    expect((await first.post('/auth/logout', {}, token)).status).toBe(200);

    expect((await first.get('/auth/me', token)).status).toBe(401);
    const other = await eventually(
      () => second.get('/auth/me', token),
      (res) => res.status === 401,
    );
    expect(other.status).toBe(401);
  });

  it('refuses a deactivated account on every replica, though its profile was read just before', async () => {
    const { token, id } = await register();
    expect((await first.get('/auth/me', token)).status).toBe(200);
    expect((await second.get('/auth/me', token)).status).toBe(200);
    const admin = (await first.post('/admin2009/login', TEST_ADMIN)).body.token as string;
    expect((await first.delete(`/admin2009/customers/${id}`, admin)).status).toBe(200);

    for (const replicaApi of [first, second]) {
      const res = await eventually(
        () => replicaApi.get('/auth/me', token),
        (r) => r.status === 401,
      );
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(MESSAGES.accountDisabled);
    }
  });
});
