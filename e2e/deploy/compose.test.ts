import {
  COMPONENTS,
  dockerfileOf,
  imageRepository,
  NEST_COMPONENTS,
  STOREFRONT,
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
import { finalStage, instructionsOf } from './support/dockerfile';
import { gatewayClientAddress, waysIn } from './support/client-address';
import { InterpolationError } from './support/env';
import { imageStages } from './support/image';
import { blockOf, directivesNamed, NginxDirective, parseNginxConf } from './support/nginx';
import { readRepoFile, repoFileExists } from './support/repo';
import {
  STOREFRONT_ENV,
  STOREFRONT_REQUIRED_ENV,
  STOREFRONT_SERVER,
  storefrontEnvReadByCode,
  storefrontGraceMs,
} from './support/storefront';

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
const proxyConf = parseNginxConf(readRepoFile('deploy/nginx/proxy.conf'));
const proxyServer = blockOf(proxyConf, 'server');
/** Where a location of proxy.conf passes requests: through a `set $variable` or an upstream block. */
function proxyTarget(location: NginxDirective[]): { host: string; port: number } {
  let target = directivesNamed(location, 'proxy_pass')[0].args[0];
  if (target.startsWith('$'))
    target = directivesNamed(proxyServer, 'set').find((d) => d.args[0] === target)!.args[1];
  const url = new URL(target);
  const upstream = proxyConf.find((d) => d.name === 'upstream' && d.args[0] === url.hostname);
  if (!upstream) return { host: url.hostname, port: Number(url.port || 80) };
  const servers = directivesNamed(upstream.block!, 'server');
  expect(servers).toHaveLength(1);
  const [host, port] = servers[0].args[0].split(':');
  return { host, port: Number(port) };
}
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
    const routes = directivesNamed(proxyServer, 'location')
      .filter((l) => directivesNamed(l.block!, 'proxy_pass').length)
      .map((l) => ({ path: l.args.join(' '), ...proxyTarget(l.block!) }));
    expect(routes.map((r) => [r.path, r.host])).toEqual([
      ['/api/', 'gateway'],
      ['/uploads/', 'gateway'],
      ['/admin2009', 'web-admin'],
      ['/', 'web-store'],
    ]);
    const listensOn: Record<string, number> = {
      gateway: Number(composeEnvironment(service('gateway')).PORT),
      'web-store': Number(composeEnvironment(service(STOREFRONT.name)).PORT),
      ...Object.fromEntries(WEB_COMPONENTS.map((c) => [c.name, nginxListenPort(`deploy/nginx/${c.name}.conf`)])),
    };
    for (const route of routes) expect([route.path, route.port]).toEqual([route.path, listensOn[route.host]]);
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

  it.each(NEST_COMPONENTS.map((c) => [c.name, c] as const))(
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

  it.each(NEST_COMPONENTS.map((c) => [c.name, c] as const))(
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
    for (const c of NEST_COMPONENTS) {
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
    for (const c of NEST_COMPONENTS) {
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

  it('keeps the database, the broker and the services off the network the web containers and the storefront server are on', () => {
    expect(compose.networks!.backend).toEqual({ internal: true });
    for (const web of [...WEB_COMPONENTS.map((c) => c.name), STOREFRONT.name, PROXY]) {
      for (const inner of [
        ...INFRASTRUCTURE,
        ...COMPONENTS.filter((c) => c.kind === 'service').map((c) => c.name),
      ]) {
        expect([web, inner, sharesNetwork(compose, web, inner)]).toEqual([web, inner, false]);
      }
    }
    expect(sharesNetwork(compose, PROXY, 'gateway')).toBe(true);
    for (const c of NEST_COMPONENTS)
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
    expect(envContract(NEST_COMPONENTS.find((c) => c.name === 'user')!).keys.has('SMTP_URL')).toBe(true);
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
    for (const c of [...NEST_COMPONENTS, STOREFRONT]) {
      const heap = Number(/--max-old-space-size=(\d+)/.exec(composeEnvironment(service(c.name)).NODE_OPTIONS)![1]);
      expect([c.name, heap < bytes(service(c.name).mem_limit!) * 0.8]).toEqual([c.name, true]);
    }
  });

  it('lets every Node process finish its graceful drain before Docker kills it', () => {
    // The kit's processes drain for SHUTDOWN_GRACE_MS and exit at most 5 s later; the storefront
    // server finishes within its own SHUTDOWN_GRACE_MS.
    const drainSeconds = (name: string) =>
      name === STOREFRONT.name
        ? storefrontGraceMs(composeEnvironment(service(name))) / 1000
        : baseEnvSchema.shape.SHUTDOWN_GRACE_MS.parse(undefined) / 1000 + 5;
    for (const c of [...NEST_COMPONENTS, STOREFRONT]) {
      const grace = /^(\d+)s$/.exec(service(c.name).stop_grace_period ?? '')?.[1];
      expect([c.name, Number(grace) > drainSeconds(c.name)]).toEqual([c.name, true]);
    }
  });

  it("reads the shopper's address at the gateway whether a request comes from the proxy or from web-store rendering a page, and never a forged one", () => {
    const trusted = composeEnvironment(service('gateway')).TRUSTED_PROXIES;
    expect(sharesNetwork(compose, PROXY, 'gateway')).toBe(true);
    expect(sharesNetwork(compose, STOREFRONT.name, 'gateway')).toBe(true);
    expect(envContract(NEST_COMPONENTS.find((c) => c.name === 'gateway')!).keys.has('TRUSTED_PROXIES')).toBe(true);
    // Docker gives containers addresses of its private pools (172.17.0.0/16 …, 192.168.0.0/16 …).
    const { shopper, ways } = waysIn({ edge: '172.18.0.9', storefront: '172.18.0.12', loadBalancer: '192.168.1.2' });
    for (const [way, [socket, forwardedFor]] of Object.entries(ways))
      expect([way, gatewayClientAddress(trusted, socket, forwardedFor)]).toEqual([way, shopper]);
  });

  it('leaves the x- extension blocks out of what compose runs', () => {
    expect(Object.keys(readCompose()).sort()).toEqual(['name', 'networks', 'services', 'volumes']);
  });

  describe('the storefront server (web-store)', () => {
    const store = service(STOREFRONT.name);
    const env = composeEnvironment(store);

    it('listens on the port its image exposes, reads the catalog from the gateway directly, and names the address shoppers use', () => {
      const exposed = instructionsOf(finalStage(imageStages(STOREFRONT)), 'EXPOSE').map((i) => i.args);
      expect(exposed).toEqual([env.PORT]);
      const gateway = new URL(env.GATEWAY_URL);
      expect([gateway.protocol, gateway.hostname, gateway.port]).toEqual([
        'http:',
        'gateway',
        composeEnvironment(service('gateway')).PORT,
      ]);
      expect(sharesNetwork(compose, STOREFRONT.name, 'gateway')).toBe(true);
      // The same address the user service's mail links and the gateway's Google sign-in lead to.
      expect(env.PUBLIC_URL).toBe(composeExampleVars().PUBLIC_URL);
      expect(env.PUBLIC_URL).toBe(composeEnvironment(service('gateway')).PUBLIC_URL);
    });

    it('sets every variable a container needs and none its server does not read', () => {
      expect(STOREFRONT_REQUIRED_ENV.filter((k) => !env[k])).toEqual([]);
      expect(Object.keys(env).filter((k) => !STOREFRONT_ENV.has(k) && !NODE_RUNTIME_VARIABLES.includes(k))).toEqual([]);
      expect(env.NODE_ENV).toBe('production');
    });

    it("knows every variable the storefront's code reads, so that none is left unset by mistake", () => {
      const read = storefrontEnvReadByCode();
      expect(read.size).toBeGreaterThan(0);
      expect([...read].filter(([name]) => !STOREFRONT_ENV.has(name))).toEqual([]);
    });

    it('starts once the gateway is healthy, and is healthy itself once its readiness route answers on its port', () => {
      expect(store.depends_on).toEqual({ gateway: { condition: 'service_healthy' } });
      const url = healthcheckUrl(STOREFRONT.name);
      expect([url.pathname, url.port]).toEqual([STOREFRONT_SERVER.ready, env.PORT]);
    });

    it('is reached by the proxy over a pool of kept-alive connections that idle out before the server closes them', () => {
      const routed = directivesNamed(proxyServer, 'location').find((l) => l.args.join(' ') === '/')!;
      const upstream = /^http:\/\/(\w+)$/.exec(directivesNamed(routed.block!, 'proxy_pass')[0].args[0])![1];
      const pool = blockOf(proxyConf, 'upstream', upstream);
      expect(Number(directivesNamed(pool, 'keepalive')[0].args[0])).toBeGreaterThan(0);
      const idle = /^(\d+)s$/.exec(directivesNamed(pool, 'keepalive_timeout')[0].args[0])![1];
      expect(Number(idle)).toBeLessThan(STOREFRONT_SERVER.keepAliveTimeoutSeconds);
      // HTTP/1.1 without "Connection: close", or nginx closes each connection after one request.
      expect(directivesNamed(proxyServer, 'proxy_http_version').map((d) => d.args)).toEqual([['1.1']]);
      expect(directivesNamed(proxyServer, 'proxy_set_header').map((d) => d.args)).toContainEqual(['Connection', '']);
      // A restarted container comes back on a new address: the pool follows it (nginx 1.27.3+).
      expect(directivesNamed(pool, 'zone')).toHaveLength(1);
      expect(directivesNamed(pool, 'server')[0].args.slice(1)).toEqual(['resolve']);
      const [major, minor, patch] = /:(\d+)\.(\d+)\.(\d+)-/.exec(service(PROXY).image!)!.slice(1).map(Number);
      expect(major * 1e6 + minor * 1e3 + patch).toBeGreaterThanOrEqual(1_027_003);
    });

    it('gets its pages streamed through the proxy, unbuffered, with the client address, scheme and host', () => {
      const routed = directivesNamed(proxyServer, 'location').find((l) => l.args.join(' ') === '/')!.block!;
      expect(directivesNamed(routed, 'proxy_buffering').map((d) => d.args)).toEqual([['off']]);
      // A proxy_set_header inside the location would drop every one the server level sets.
      expect(directivesNamed(routed, 'proxy_set_header')).toEqual([]);
      expect(directivesNamed(proxyServer, 'proxy_set_header').map((d) => d.args)).toEqual(
        expect.arrayContaining([
          ['Host', '$http_host'],
          ['X-Forwarded-For', '$proxy_add_x_forwarded_for'],
          ['X-Forwarded-Proto', '$scheme'],
          ['X-Forwarded-Host', '$http_host'],
        ]),
      );
    });
  });
});
