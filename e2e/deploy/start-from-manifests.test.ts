import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRODUCT_IMAGE_FOLDER, SERVICES } from '@shop/proto';
import { dropDatabase } from '../../services/kit/src/database/ensure-database';
import { deleteNamespace } from '../harness/broker';
import { COMPONENTS, Component, NEST_COMPONENTS } from './support/components';
import { finalStage, instructionsOf, parseEnv } from './support/dockerfile';
import { resolveContainerEnv } from './support/env';
import { imageStages } from './support/image';
import { envSources, renderOverlay, workload } from './support/overlay';
import { freePort, Proc, waitFor } from './support/processes';
import { repoPath, ROOT } from './support/repo';

jest.setTimeout(60_000);

/**
 * The dev overlay's containers run as local processes with the environment Kubernetes would give
 * them: the image's ENV, then the Deployment's env and envFrom with ConfigMaps from the rendering
 * and Secrets from secret.example.yaml with the shop's own secrets set, as its comments ask. Only
 * what ties a pod to its cluster is replaced, and the
 * test asserts it is nothing else:
 * - the database and broker URLs (in-cluster `postgres` and `rabbitmq`) point at the local servers;
 * - a fresh BUS_NAMESPACE and DATABASE_NAME keep this run apart from every other;
 * - the port: 3001-3006 and 8080 belong to the developer's running shop, so each process gets a
 *   free one through the same variable (its manifest value is checked against the code elsewhere);
 * - paths under a mounted volume point into a temporary folder standing for that volume.
 */
describe('the dev overlay started as local processes', () => {
  const overlay = renderOverlay('dev');
  // As secret.example.yaml asks, the operator replaces the shop's secrets: production refuses the examples.
  const examples = envSources('dev');
  const ownSecrets = { JWT_SECRET: randomBytes(32).toString('base64'), ADMIN_PASSWORD: `Own-${randomBytes(8).toString('hex')}` };
  const sources = {
    ...examples,
    secret: (name: string) => (name === 'shop-secrets' ? { ...examples.secret(name), ...ownSecrets } : examples.secret(name)),
  };
  const namespace = `t${randomBytes(4).toString('hex')}`;
  const local = {
    DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    AMQP_URL: process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
  };
  const work = mkdtempSync(join(tmpdir(), 'shop-manifest-env-'));
  const claims: Record<string, string> = {
    'shop-uploads': join(work, 'uploads'),
    'shop-backups': join(work, 'backups'),
  };
  const procs = new Map<string, Proc>();
  const ports = new Map<string, number>();
  const databases = SERVICES.map((s) => `${namespace}_${s.replace(/-/g, '_')}`);

  const imageEnv = (component: Component) =>
    Object.assign(
      {},
      ...instructionsOf(finalStage(imageStages(component)), 'ENV').map((i) => parseEnv(i.args)),
    ) as Record<string, string>;

  /** Mount paths of a pod's volumes that stand for a claim, as local folders. */
  const mountedClaims = (
    spec: { volumes?: { name: string; persistentVolumeClaim?: { claimName: string } }[] },
    container: { volumeMounts?: { name: string; mountPath: string }[] },
  ) =>
    (container.volumeMounts ?? []).flatMap((m) => {
      const claim = spec.volumes?.find((v) => v.name === m.name)?.persistentVolumeClaim?.claimName;
      return claim ? [{ mountPath: m.mountPath, local: claims[claim] }] : [];
    });

  function localEnvironment(component: Component, port: number) {
    const { spec, container } = workload(overlay, 'Deployment', component.name);
    const given = { ...imageEnv(component), ...resolveContainerEnv(container, sources) };
    const changes: Record<string, string> = {};
    if (given.DATABASE_URL) {
      expect(new URL(given.DATABASE_URL).hostname).toBe('postgres');
      changes.DATABASE_URL = local.DATABASE_URL;
    }
    expect(new URL(given.AMQP_URL).hostname).toBe('rabbitmq');
    changes.AMQP_URL = local.AMQP_URL;
    changes.BUS_NAMESPACE = namespace;
    if (component.kind === 'service') {
      changes.DATABASE_NAME = `${namespace}_${component.name.replace(/-/g, '_')}`;
      changes.HEALTH_PORT = String(port);
    } else {
      changes.PORT = String(port);
    }
    for (const { mountPath, local: folder } of mountedClaims(spec, container)) {
      for (const [k, v] of Object.entries(given))
        if (v === mountPath || v.startsWith(`${mountPath}/`)) changes[k] = folder + v.slice(mountPath.length);
    }
    expect(given.BUS_NAMESPACE).toBeUndefined();
    expect(given.DATABASE_NAME).toBeUndefined();
    return { given, changes, env: { ...given, ...changes, PATH: process.env.PATH ?? '' } };
  }

  const healthy = (port: number, path: string) => async () =>
    (await fetch(`http://127.0.0.1:${port}${path}`)).status === 200;

  async function start(component: Component) {
    const main = repoPath(component.dir, 'dist', 'main.js');
    if (!existsSync(main)) throw new Error(`${main} is missing: run "npm run build" first`);
    const port = await freePort();
    const { given, changes, env } = localEnvironment(component, port);
    expect(
      Object.keys(changes).filter(
        (k) =>
          ![
            'DATABASE_URL',
            'AMQP_URL',
            'BUS_NAMESPACE',
            'DATABASE_NAME',
            'HEALTH_PORT',
            'PORT',
            'UPLOADS_DIR',
          ].includes(k),
      ),
    ).toEqual([]);
    expect(Object.keys(given).length).toBeGreaterThan(Object.keys(changes).length);
    // The file the image's CMD runs, from its WORKDIR (the repository root's layout).
    const proc = new Proc(
      component.name,
      process.execPath,
      [join(component.dir, 'dist', 'main.js')],
      env,
      ROOT,
    );
    procs.set(component.name, proc);
    ports.set(component.name, port);
    await waitFor(healthy(port, '/health/ready'), `${component.name} to be ready`, 45_000, () =>
      proc.log.slice(-4000),
    );
  }

  beforeAll(async () => {
    for (const folder of Object.values(claims)) mkdirSync(folder, { recursive: true });
    await Promise.all(COMPONENTS.filter((c) => c.kind === 'service').map(start));
    await start(NEST_COMPONENTS.find((c) => c.kind === 'gateway')!);
  });

  afterAll(async () => {
    await Promise.all([...procs.values()].map((p) => p.stop()));
    await Promise.all(databases.map((db) => dropDatabase(local.DATABASE_URL, db).catch(() => undefined)));
    await deleteNamespace(namespace).catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  });

  it.each(NEST_COMPONENTS.map((c) => [c.name, c] as const))(
    '%s answers its liveness and readiness probes',
    async (_, component) => {
      const port = ports.get(component.name)!;
      const { container } = workload(overlay, 'Deployment', component.name);
      for (const probe of [container.livenessProbe, container.readinessProbe, container.startupProbe]) {
        const res = await fetch(`http://127.0.0.1:${port}${probe.httpGet.path}`);
        expect([probe.httpGet.path, res.status]).toEqual([probe.httpGet.path, 200]);
      }
    },
  );

  it('the gateway reaches all six services over the broker the manifests name', async () => {
    const res = await fetch(`http://127.0.0.1:${ports.get('gateway')}/api/health`);
    const body = (await res.json()) as { services: Record<string, { status: string }> };
    expect(res.status).toBe(200);
    expect(Object.entries(body.services).map(([s, h]) => [s, h.status])).toEqual(
      SERVICES.map((s) => [s, 'up']),
    );
  });

  it('the gateway serves the product pictures of the uploads volume the catalog writes to', async () => {
    mkdirSync(join(claims['shop-uploads'], PRODUCT_IMAGE_FOLDER), { recursive: true });
    writeFileSync(join(claims['shop-uploads'], PRODUCT_IMAGE_FOLDER, 'probe.txt'), 'from the uploads volume');
    const res = await fetch(`http://127.0.0.1:${ports.get('gateway')}/uploads/${PRODUCT_IMAGE_FOLDER}/probe.txt`);
    expect([res.status, await res.text()]).toEqual([200, 'from the uploads volume']);
  });

  it('the nightly backup job dumps every service database and archives the uploads', () => {
    const { spec, container } = workload(overlay, 'CronJob', 'backup');
    const given = resolveContainerEnv(container, sources);
    expect(new URL(given.DATABASE_URL).hostname).toBe('postgres');
    const env = {
      ...given,
      DATABASE_URL: local.DATABASE_URL,
      DATABASE_PREFIX: `${namespace}_`,
      PATH: process.env.PATH ?? '',
    };
    let script = container.command.at(-1) as string;
    for (const { mountPath, local: folder } of mountedClaims(spec, container))
      script = script.split(mountPath).join(folder);
    const run = spawnSync(container.command[0], [...container.command.slice(1, -1), script], {
      env,
      encoding: 'utf8',
    });
    expect([run.status, run.stderr]).toEqual([0, '']);
    const [folder] = readdirSync(claims['shop-backups']);
    const written = readdirSync(join(claims['shop-backups'], folder)).sort();
    expect(written).toEqual([...databases.map((db) => `${db}.dump`), 'uploads.tar.gz'].sort());
    for (const db of databases) {
      const listing = execFileSync(
        'pg_restore',
        ['--list', join(claims['shop-backups'], folder, `${db}.dump`)],
        { encoding: 'utf8' },
      );
      expect([db, /TABLE public migrations/.test(listing)]).toEqual([db, true]);
    }
    const archived = execFileSync('tar', ['-tzf', join(claims['shop-backups'], folder, 'uploads.tar.gz')], {
      encoding: 'utf8',
    });
    expect(archived.split('\n')).toContain(`./${PRODUCT_IMAGE_FOLDER}/probe.txt`);
  });
});
