import {
  COMPONENTS,
  dockerfileOf,
  imageRepository,
  NODE_COMPONENTS,
  WEB_COMPONENTS,
} from './support/components';
import { defaultHealthPort, envContract, gatewayDefaultPort, healthRoutes } from './support/code';
import {
  COMPOSE_FILE,
  composeEnvironment,
  composeExampleVars,
  interpolatedCompose,
  parseVolume,
  readCompose,
  sharesNetwork,
} from './support/compose';
import { baseEnvSchema } from '../../services/kit/src/config/service-config';
import { instructionsOf } from './support/dockerfile';
import { InterpolationError } from './support/env';
import { imageStages } from './support/image';
import { readRepoFile, repoFileExists } from './support/repo';

const NODE_RUNTIME_VARIABLES = ['NODE_OPTIONS'];
const INFRASTRUCTURE = ['postgres', 'rabbitmq'];
const PROXY = 'proxy';
const MAIL_CATCHER = 'maildev';
const UPLOADS_VOLUME = 'uploads';
const WRITES_UPLOADS = ['catalog', 'cart'];
/** Credentials with no default: compose refuses to start until .env sets them. */
const SECRETS = ['POSTGRES_PASSWORD', 'RABBITMQ_PASSWORD', 'JWT_SECRET', 'ADMIN_EMAIL', 'ADMIN_PASSWORD'];

const compose = interpolatedCompose();
const service = (name: string) => {
  const s = compose.services[name];
  if (!s) throw new Error(`${COMPOSE_FILE} has no service ${name}`);
  return s;
};
/** `fetch('http://127.0.0.1:3002/health/ready')` in a healthcheck command: its port and path. */
const healthcheckUrl = (name: string) => {
  const url = /https?:\/\/[^'"\s)]+/.exec(service(name).healthcheck!.test.join(' '))?.[0];
  if (!url) throw new Error(`${name}'s healthcheck asks no URL`);
  return new URL(url);
};
const nginxListenPort = (conf: string) => Number(/^\s*listen\s+(\d+)\s*;/m.exec(readRepoFile(conf))![1]);

describe('docker-compose.yml', () => {
  it('interpolates with the example .env and refuses to start without each secret', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      [...COMPONENTS.map((c) => c.name), ...INFRASTRUCTURE, PROXY, MAIL_CATCHER].sort(),
    );
    for (const name of SECRETS) {
      const vars = { ...composeExampleVars(), [name]: undefined };
      expect(() => interpolatedCompose(vars)).toThrow(new InterpolationError(`${name}: set ${name} in .env`));
    }
  });

  it.each(COMPONENTS.map((c) => [c.name, c] as const))(
    'builds %s from its Dockerfile, with the repository root as context and the build arguments it reads, into its image',
    (_, component) => {
      const s = service(component.name);
      const { args, ...build } = s.build!;
      expect(build).toEqual({ context: '.', dockerfile: dockerfileOf(component) });
      expect(repoFileExists(dockerfileOf(component))).toBe(true);
      // Reading the Dockerfile with these arguments fails on any it needs and is not given.
      const declared = imageStages(component).flatMap((stage) =>
        instructionsOf(stage, 'ARG').flatMap((i) => i.args.split(' ').map((word) => word.split('=')[0])),
      );
      expect(Object.keys(args ?? {}).filter((name) => !declared.includes(name))).toEqual([]);
      expect(imageRepository(s.image!)).toBe(component.image);
    },
  );

  it("publishes one public port, the proxy's (and maildev's inbox on the loopback only), whose nginx routes /api and /uploads to the gateway, /admin2009 to web-admin and / to web-store", () => {
    const published = Object.entries(compose.services).filter(([, s]) => s.ports?.length);
    expect(published.map(([name]) => name).sort()).toEqual([MAIL_CATCHER, PROXY]);
    expect(service(MAIL_CATCHER).ports).toEqual([expect.stringMatching(/^127\.0\.0\.1:\d+:1080$/)]);
    const [, mapping] = /^(\d+):(\d+)$/.exec(service(PROXY).ports![0])!.slice(1);
    const conf = parseVolume(service(PROXY).volumes![0]);
    expect(conf).toEqual({
      source: './deploy/nginx/proxy.conf',
      target: '/etc/nginx/conf.d/default.conf',
      readOnly: true,
    });
    expect(Number(mapping)).toBe(nginxListenPort('deploy/nginx/proxy.conf'));
    const text = readRepoFile('deploy/nginx/proxy.conf');
    const upstream = (variable: string) => new URL(new RegExp(`set \\$${variable} (\\S+);`).exec(text)![1]);
    const routes = [...text.matchAll(/location\s+(\S+)\s*{\s*proxy_pass\s+\$(\w+);/g)].map((m) => [
      m[1],
      upstream(m[2]).hostname,
    ]);
    expect(routes).toEqual([
      ['/api/', 'gateway'],
      ['/uploads/', 'gateway'],
      ['/admin2009', 'web-admin'],
      ['/', 'web-store'],
    ]);
    expect(Number(upstream('gateway').port)).toBe(Number(composeEnvironment(service('gateway')).PORT));
    for (const web of WEB_COMPONENTS)
      expect(Number(upstream(web.name.replace('-', '_')).port)).toBe(
        nginxListenPort(`deploy/nginx/${web.name}.conf`),
      );
  });

  it('starts each container only once what it needs is healthy', () => {
    const dependsOn = (name: string) => Object.entries(service(name).depends_on ?? {});
    for (const [name] of Object.entries(compose.services)) {
      for (const [dependency, { condition }] of dependsOn(name)) {
        expect([name, dependency, condition]).toEqual([name, dependency, 'service_healthy']);
        expect(service(dependency).healthcheck?.test).toBeDefined();
      }
    }
    for (const c of COMPONENTS.filter((c) => c.kind === 'service'))
      expect(
        dependsOn(c.name)
          .map(([d]) => d)
          .sort(),
      ).toEqual(INFRASTRUCTURE);
    expect(
      dependsOn('gateway')
        .map(([d]) => d)
        .sort(),
    ).toEqual(
      COMPONENTS.filter((c) => c.kind === 'service')
        .map((c) => c.name)
        .sort(),
    );
    expect(
      dependsOn(PROXY)
        .map(([d]) => d)
        .sort(),
    ).toEqual(['gateway', 'web-admin', 'web-store']);
  });

  it.each(NODE_COMPONENTS.map((c) => [c.name, c] as const))(
    'checks the health of %s on a route its code serves, on the port it listens on',
    (_, component) => {
      const url = healthcheckUrl(component.name);
      const env = composeEnvironment(service(component.name));
      expect(healthRoutes(component)).toContain(url.pathname);
      const port = component.kind === 'service' ? defaultHealthPort(component.name) : gatewayDefaultPort();
      expect([Number(url.port), Number(env[component.kind === 'service' ? 'HEALTH_PORT' : 'PORT'])]).toEqual([
        port,
        port,
      ]);
    },
  );

  it.each(NODE_COMPONENTS.map((c) => [c.name, c] as const))(
    'gives %s every variable its code requires, valid by its own schema, and none it does not read',
    (_, component) => {
      const contract = envContract(component);
      const env = composeEnvironment(service(component.name));
      expect(contract.required.filter((k) => !env[k])).toEqual([]);
      expect(() => contract.validate(env)).not.toThrow();
      expect(
        Object.keys(env).filter((k) => !contract.keys.has(k) && !NODE_RUNTIME_VARIABLES.includes(k)),
      ).toEqual([]);
    },
  );

  it('connects the services with the credentials PostgreSQL and RabbitMQ are created with', () => {
    const pg = composeEnvironment(service('postgres'));
    const mq = composeEnvironment(service('rabbitmq'));
    for (const c of NODE_COMPONENTS) {
      const env = composeEnvironment(service(c.name));
      const amqp = new URL(env.AMQP_URL);
      expect([amqp.hostname, amqp.username, amqp.password]).toEqual([
        'rabbitmq',
        mq.RABBITMQ_DEFAULT_USER,
        mq.RABBITMQ_DEFAULT_PASS,
      ]);
      if (c.kind !== 'service') continue;
      const db = new URL(env.DATABASE_URL);
      expect([db.hostname, db.username, db.password, db.pathname]).toEqual([
        'postgres',
        pg.POSTGRES_USER,
        pg.POSTGRES_PASSWORD,
        `/${pg.POSTGRES_DB}`,
      ]);
    }
  });

  it('shares one uploads volume: written by catalog and cart, read by the gateway, at the UPLOADS_DIR each reads', () => {
    const users: string[] = [];
    for (const c of NODE_COMPONENTS) {
      const mount = (service(c.name).volumes ?? []).map(parseVolume).find((v) => v.source === UPLOADS_VOLUME);
      if (!envContract(c).keys.has('UPLOADS_DIR')) {
        expect(mount).toBeUndefined();
        continue;
      }
      users.push(c.name);
      expect(mount).toBeDefined();
      expect(mount!.target).toBe(composeEnvironment(service(c.name)).UPLOADS_DIR);
      expect(mount!.readOnly).toBe(!WRITES_UPLOADS.includes(c.name));
    }
    expect(users.sort()).toEqual(['cart', 'catalog', 'gateway']);
  });

  it('declares every named volume and network it uses and keeps data in volumes', () => {
    for (const [name, s] of Object.entries(compose.services)) {
      for (const v of (s.volumes ?? []).map(parseVolume))
        if (!v.source.startsWith('.'))
          expect([name, Object.keys(compose.volumes!)]).toEqual([name, expect.arrayContaining([v.source])]);
      for (const n of s.networks ?? []) expect(Object.keys(compose.networks!)).toContain(n);
    }
    expect(parseVolume(service('postgres').volumes![0]).target).toBe('/var/lib/postgresql/data');
    expect(parseVolume(service('rabbitmq').volumes![0]).target).toBe('/var/lib/rabbitmq');
  });

  it('keeps the database, the broker and the services off the network the web containers are on', () => {
    expect(compose.networks!.backend).toEqual({ internal: true });
    for (const web of [...WEB_COMPONENTS.map((c) => c.name), PROXY]) {
      for (const inner of [
        ...INFRASTRUCTURE,
        ...COMPONENTS.filter((c) => c.kind === 'service').map((c) => c.name),
      ]) {
        expect([web, inner, sharesNetwork(compose, web, inner)]).toEqual([web, inner, false]);
      }
    }
    expect(sharesNetwork(compose, PROXY, 'gateway')).toBe(true);
    for (const c of NODE_COMPONENTS)
      for (const infra of INFRASTRUCTURE) expect(sharesNetwork(compose, c.name, infra)).toBe(true);
  });

  it("runs the shop's own containers read-only, without capabilities or privilege escalation", () => {
    for (const name of [...COMPONENTS.map((c) => c.name), PROXY]) {
      const s = service(name);
      expect([name, s.read_only, s.cap_drop, s.security_opt, s.tmpfs]).toEqual([
        name,
        true,
        ['ALL'],
        ['no-new-privileges:true'],
        ['/tmp'],
      ]);
    }
  });

  it("sends the user service's mail to the maildev catcher by default, a relay from .env otherwise, on a network both share, from MAIL_FROM", () => {
    const user = composeEnvironment(service('user'));
    const smtp = new URL(user.SMTP_URL);
    expect([smtp.protocol, smtp.hostname, smtp.port]).toEqual(['smtp:', MAIL_CATCHER, '1025']);
    expect(service(MAIL_CATCHER).image).toMatch(/^maildev\/maildev:\d+\.\d+\.\d+$/);
    expect(healthcheckUrl(MAIL_CATCHER).port).toBe('1080');
    expect(composeEnvironment(service(MAIL_CATCHER))).toMatchObject({ MAILDEV_SMTP_PORT: '1025', MAILDEV_WEB_PORT: '1080' });
    expect(user.MAIL_FROM).toBe('MS & Jaksh <no-reply@msjaksh.in>');
    expect(composeEnvironment(interpolatedCompose({ ...composeExampleVars(), MAIL_FROM: 'Shop <mail@shop.example>' }).services.user).MAIL_FROM).toBe(
      'Shop <mail@shop.example>',
    );
    expect(sharesNetwork(compose, 'user', MAIL_CATCHER)).toBe(true);
    const relay = 'smtps://shop%40msjaksh.in:app-password@smtp.example.com:465';
    const configured = interpolatedCompose({ ...composeExampleVars(), SMTP_URL: relay });
    expect(composeEnvironment(configured.services.user).SMTP_URL).toBe(relay);
    // A real relay is on the internet: the user service is on the network that leads out.
    expect(compose.networks!.outbound).toEqual({});
    expect(service('user').networks).toContain('outbound');
    expect(envContract(NODE_COMPONENTS.find((c) => c.name === 'user')!).keys.has('SMTP_URL')).toBe(true);
  });

  it('keeps no mailbox volume: every mail goes over SMTP', () => {
    expect(composeEnvironment(service('user'))).not.toHaveProperty('MAILBOX_DIR');
    expect(service('user').volumes ?? []).toEqual([]);
    expect(Object.keys(compose.volumes ?? {})).not.toContain('mailbox');
  });

  it('limits the memory of every container and rotates every log', () => {
    const bytes = (q: string) => Number(/^(\d+)([mg])$/.exec(q)![1]) * (q.endsWith('g') ? 1024 : 1);
    for (const [name, s] of Object.entries(compose.services)) {
      expect([name, s.mem_limit]).toEqual([name, expect.stringMatching(/^\d+[mg]$/)]);
      expect([name, s.logging]).toEqual([
        name,
        { driver: 'json-file', options: { 'max-size': expect.stringMatching(/^\d+m$/), 'max-file': expect.stringMatching(/^\d+$/) } },
      ]);
    }
    for (const c of NODE_COMPONENTS) {
      const heap = Number(/--max-old-space-size=(\d+)/.exec(composeEnvironment(service(c.name)).NODE_OPTIONS)![1]);
      expect([c.name, heap < bytes(service(c.name).mem_limit!) * 0.8]).toEqual([c.name, true]);
    }
  });

  it('lets every Node process finish its graceful drain before Docker kills it', () => {
    const drainSeconds = baseEnvSchema.shape.SHUTDOWN_GRACE_MS.parse(undefined) / 1000 + 5;
    for (const c of NODE_COMPONENTS) {
      const grace = /^(\d+)s$/.exec(service(c.name).stop_grace_period ?? '')?.[1];
      expect([c.name, Number(grace) > drainSeconds]).toEqual([c.name, true]);
    }
  });

  it('trusts the one proxy hop in front of the gateway for the client address, unless .env says otherwise', () => {
    expect(composeEnvironment(service('gateway')).TRUSTED_PROXIES).toBe('1');
    expect(sharesNetwork(compose, PROXY, 'gateway')).toBe(true);
    expect(envContract(NODE_COMPONENTS.find((c) => c.name === 'gateway')!).keys.has('TRUSTED_PROXIES')).toBe(true);
  });

  it('leaves the x- extension blocks out of what compose runs', () => {
    expect(Object.keys(readCompose()).sort()).toEqual(['name', 'networks', 'services', 'volumes']);
  });
});
