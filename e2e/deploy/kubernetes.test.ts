import { readRepoFile, repoFileExists } from './support/repo';
import {
  COMPONENTS,
  dockerfileOf,
  imageRepository,
  NEST_COMPONENTS,
  STOREFRONT,
  WEB_COMPONENTS,
} from './support/components';
import { defaultHealthPort, envContract, gatewayDefaultPort, healthRoutes } from './support/code';
import { finalStage, instructionsOf } from './support/dockerfile';
import { kubernetesReferences, resolveContainerEnv } from './support/env';
import { imageStages } from './support/image';
import {
  K8sObject,
  OVERLAYS,
  Overlay,
  podTemplateOf,
  readManifest,
  resolvePort,
  selects,
} from './support/kubernetes';
import { operatorPods, operatorSecrets, validateObjects } from './support/kubernetes-schema';
import { NetworkPolicies, Peer } from './support/network-policy';
import {
  componentEnv,
  deploymentOf,
  envSources,
  exampleSecrets,
  OVERLAY_NAMESPACE,
  render,
  renderOverlay,
  secretExamplePath,
  workload,
} from './support/overlay';
import {
  STOREFRONT_ENV,
  STOREFRONT_REQUIRED_ENV,
  STOREFRONT_SERVER,
  storefrontGraceMs,
} from './support/storefront';

jest.setTimeout(60_000);

const UPLOADS_CLAIM = 'shop-uploads';
const WRITES_UPLOADS = ['catalog', 'cart'];
/** Variables Node itself reads, not the shop's code. */
const NODE_RUNTIME_VARIABLES = ['NODE_OPTIONS'];
/** The OpenTelemetry SDK's standard settings (OTEL_EXPORTER_OTLP_ENDPOINT...), which it reads itself. */
const isOpenTelemetryVariable = (key: string) => key.startsWith('OTEL_');

const READS_UPLOADS = NEST_COMPONENTS.filter((c) => envContract(c).keys.has('UPLOADS_DIR'));

const workloads = (objects: K8sObject[]) => objects.filter((o) => podTemplateOf(o));
/** The Ingress that routes the shop (the other one only refuses paths). */
const shopIngress = (objects: K8sObject[]) =>
  objects.find((o) => o.kind === 'Ingress' && o.metadata.name === 'shop')!;

const nginxListenPort = (component: string) =>
  Number(/^\s*listen\s+(\d+)\s*;/m.exec(readRepoFile(`deploy/nginx/${component}.conf`))![1]);
const nginxExactLocations = (component: string) =>
  [...readRepoFile(`deploy/nginx/${component}.conf`).matchAll(/location\s+=\s+(\S+)\s*{/g)].map((m) => m[1]);

describe('Kubernetes manifests (deploy/)', () => {
  it.each(['base', 'overlays/dev', 'overlays/prod'] as const)(
    '%s renders and every object validates against the Kubernetes API schemas',
    (dir) => {
      const objects = render(dir);
      expect(objects.length).toBeGreaterThan(0);
      expect(validateObjects(objects)).toEqual([]);
    },
  );

  it.each(OVERLAYS)(
    'the %s secret.example.yaml holds only Secrets of the overlay namespace, valid and with string data',
    (overlay) => {
      const secrets = readManifest(secretExamplePath(overlay));
      expect(validateObjects(secrets)).toEqual([]);
      for (const s of secrets) {
        expect(s).toMatchObject({
          kind: 'Secret',
          type: 'Opaque',
          metadata: { namespace: OVERLAY_NAMESPACE[overlay] },
        });
        expect(s.data).toBeUndefined();
      }
    },
  );

  describe.each(OVERLAYS)('the %s overlay', (overlay: Overlay) => {
    const objects = renderOverlay(overlay);
    const namespace = OVERLAY_NAMESPACE[overlay];

    it('puts every object in its namespace, creates that namespace, and commits no Secret', () => {
      expect(objects.filter((o) => o.kind === 'Namespace').map((o) => o.metadata.name)).toEqual([namespace]);
      for (const o of objects.filter((o) => o.kind !== 'Namespace'))
        expect([o.kind, o.metadata.name, o.metadata.namespace]).toEqual([o.kind, o.metadata.name, namespace]);
      expect(objects.filter((o) => o.kind === 'Secret')).toEqual([]);
    });

    it.each(COMPONENTS.map((c) => [c.name, c] as const))(
      'runs %s as a Deployment whose Service selects exactly its pods',
      (_, component) => {
        const { object, template } = deploymentOf(objects, component);
        expect(selects(object.spec.selector, template.metadata.labels)).toBe(true);
        expect(template.metadata.labels).toMatchObject({
          'app.kubernetes.io/part-of': 'shop',
          'app.kubernetes.io/name': component.name,
        });
        const services = objects.filter((o) => o.kind === 'Service' && o.metadata.name === component.name);
        expect(services).toHaveLength(1);
        const selected = workloads(objects).filter((w) =>
          selects({ matchLabels: services[0].spec.selector }, podTemplateOf(w)!.metadata.labels),
        );
        expect(selected.map((w) => `${w.kind}/${w.metadata.name}`)).toEqual([`Deployment/${component.name}`]);
        for (const port of services[0].spec.ports)
          expect(resolvePort(port.targetPort, template.spec.containers)).toBeDefined();
      },
    );

    it.each(COMPONENTS.map((c) => [c.name, c] as const))(
      'runs %s from the image its Dockerfile builds, pinned to a tag',
      (_, component) => {
        const { container } = deploymentOf(objects, component);
        // Prod pulls from the shop's registry, never Docker Hub's shop/ namespace: a placeholder
        // host that cannot resolve until the release sets it.
        expect(imageRepository(container.image)).toBe(
          overlay === 'dev' ? component.image : `registry.invalid/${component.image}`,
        );
        expect(repoFileExists(dockerfileOf(component))).toBe(true);
        const tag = /:([^:/]+)$/.exec(container.image)?.[1];
        expect(tag).toEqual(overlay === 'dev' ? 'dev' : expect.stringMatching(/^\d+\.\d+\.\d+/));
      },
    );

    it.each(NEST_COMPONENTS.map((c) => [c.name, c] as const))(
      'probes %s on health routes its code serves, on the port its environment makes it listen on',
      (_, component) => {
        const { container } = deploymentOf(objects, component);
        const env = componentEnv(overlay, component);
        const routes = healthRoutes(component);
        expect(container.readinessProbe.httpGet.path).toBe('/health/ready');
        expect(container.livenessProbe.httpGet.path).toBe('/health/live');
        for (const probe of [container.readinessProbe, container.livenessProbe, container.startupProbe]) {
          expect(routes).toContain(probe.httpGet.path);
          const port = resolvePort(probe.httpGet.port, [container]);
          if (component.kind === 'service') {
            expect([port, Number(env.HEALTH_PORT)]).toEqual([
              defaultHealthPort(component.name),
              defaultHealthPort(component.name),
            ]);
          } else {
            expect([port, Number(env.PORT)]).toEqual([gatewayDefaultPort(), gatewayDefaultPort()]);
          }
        }
      },
    );

    it.each(WEB_COMPONENTS.map((c) => [c.name, c] as const))(
      'probes %s on the health location and port of its nginx configuration',
      (_, component) => {
        const { container } = deploymentOf(objects, component);
        for (const probe of [container.readinessProbe, container.livenessProbe]) {
          expect(nginxExactLocations(component.name)).toContain(probe.httpGet.path);
          expect(resolvePort(probe.httpGet.port, [container])).toBe(nginxListenPort(component.name));
        }
        expect(container.env ?? []).toEqual([]);
      },
    );

    describe('the storefront server (web-store)', () => {
      const { object, spec, container } = deploymentOf(objects, STOREFRONT);
      const env = componentEnv(overlay, STOREFRONT);
      const service = objects.find((o) => o.kind === 'Service' && o.metadata.name === STOREFRONT.name)!;

      it('runs as the image does, listening on the port it exposes, which its Service and the Ingress reach', () => {
        const exposed = instructionsOf(finalStage(imageStages(STOREFRONT)), 'EXPOSE').map((i) =>
          Number(i.args),
        );
        const port = resolvePort('http', [container]);
        expect([port, Number(env.PORT)]).toEqual([exposed[0], exposed[0]]);
        expect(
          service.spec.ports.map((p: { targetPort: string }) => resolvePort(p.targetPort, [container])),
        ).toEqual([port]);
        expect(container.command).toBeUndefined();
        expect(container.args).toBeUndefined();
      });

      it('is started, kept alive and sent traffic by probes on its health routes', () => {
        expect(container.startupProbe.httpGet.path).toBe(STOREFRONT_SERVER.live);
        expect(container.livenessProbe.httpGet.path).toBe(STOREFRONT_SERVER.live);
        expect(container.readinessProbe.httpGet.path).toBe(STOREFRONT_SERVER.ready);
        for (const probe of [container.startupProbe, container.livenessProbe, container.readinessProbe])
          expect(resolvePort(probe.httpGet.port, [container])).toBe(Number(env.PORT));
      });

      it("takes GATEWAY_URL (the gateway's Service) and PUBLIC_URL (the shop's address) from ConfigMaps, and only variables its server reads", () => {
        const gateway = new URL(env.GATEWAY_URL);
        const gatewayService = objects.find(
          (o) => o.kind === 'Service' && o.metadata.name === gateway.hostname,
        )!;
        expect(gatewayService.spec.selector).toEqual({ 'app.kubernetes.io/name': 'gateway' });
        expect(gatewayService.spec.ports.map((p: { port: number }) => p.port)).toContain(
          Number(gateway.port),
        );
        const publicUrl = objects.find(
          (o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('shop-public'),
        )!;
        expect(env.PUBLIC_URL).toBe(publicUrl.data.PUBLIC_URL);
        if (overlay === 'prod') {
          expect(env.PUBLIC_URL).toBe(`https://${shopIngress(objects).spec.rules[0].host}`);
        }
        for (const name of STOREFRONT_REQUIRED_ENV) {
          const entry = (container.env ?? []).find((e: { name: string }) => e.name === name);
          expect([name, entry?.value, entry?.valueFrom?.secretKeyRef]).toEqual([name, undefined, undefined]);
        }
        expect((container.envFrom ?? []).every((f: { configMapRef?: object }) => f.configMapRef)).toBe(true);
        expect(STOREFRONT_REQUIRED_ENV.filter((k) => !env[k])).toEqual([]);
        expect(
          Object.keys(env).filter((k) => !STOREFRONT_ENV.has(k) && !NODE_RUNTIME_VARIABLES.includes(k)),
        ).toEqual([]);
      });

      it('stops gracefully: out of the endpoints first (preStop), then SIGTERM and its drain, all before the kill', () => {
        const [sleep, seconds] = container.lifecycle.preStop.exec.command;
        expect(sleep).toBe('sleep');
        expect(spec.terminationGracePeriodSeconds).toBeGreaterThan(
          Number(seconds) + storefrontGraceMs(env) / 1000,
        );
      });

      it("holds no data: no volume but an emptyDir for /tmp, and its replicas are the autoscaler's", () => {
        expect(spec.volumes.map((v: { emptyDir?: object }) => Boolean(v.emptyDir))).toEqual([true]);
        const hpa = objects.find(
          (o) => o.kind === 'HorizontalPodAutoscaler' && o.spec.scaleTargetRef.name === STOREFRONT.name,
        )!;
        expect(hpa.spec.metrics.map((m: { resource: { name: string } }) => m.resource.name)).toEqual(['cpu']);
        if (overlay === 'prod') {
          expect(object.spec.replicas).toBeUndefined();
          expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
        }
      });

      it('gets its pages streamed by the Ingress, unbuffered', () => {
        expect(
          shopIngress(objects).metadata.annotations!['nginx.ingress.kubernetes.io/proxy-buffering'],
        ).toBe('off');
      });

      it('answers its probes and Prometheus inside the cluster only: the edge refuses /health and /metrics to every client, on every host of the shop', () => {
        const shop = shopIngress(objects);
        const internal = objects.find((o) => o.kind === 'Ingress' && o.metadata.name !== shop.metadata.name)!;
        expect(internal.spec.ingressClassName).toBe(shop.spec.ingressClassName);
        expect(internal.spec.rules.map((r: { host?: string }) => r.host)).toEqual(
          shop.spec.rules.map((r: { host?: string }) => r.host),
        );
        const paths = internal.spec.rules.flatMap((r: { http: { paths: object[] } }) => r.http.paths);
        expect(
          paths.map((p: { path: string; pathType: string; backend: { service: { name: string } } }) => [
            p.path,
            p.pathType,
            p.backend.service.name,
          ]),
        ).toEqual([
          [STOREFRONT_SERVER.metrics, 'Exact', STOREFRONT.name],
          ['/health', 'Prefix', STOREFRONT.name],
        ]);
        for (const path of [STOREFRONT_SERVER.live, STOREFRONT_SERVER.ready])
          expect(path.startsWith('/health/')).toBe(true);
        expect(
          internal.metadata.annotations!['nginx.ingress.kubernetes.io/denylist-source-range'].split(','),
        ).toEqual(['0.0.0.0/0', '::/0']);
      });
    });

    it.each(NEST_COMPONENTS.map((c) => [c.name, c] as const))(
      'gives %s every variable its code requires, valid by its own schema, and none it does not read',
      (_, component) => {
        const contract = envContract(component);
        const env = componentEnv(overlay, component);
        expect(contract.required.filter((k) => env[k] === undefined)).toEqual([]);
        expect(() => contract.validate(env)).not.toThrow();
        const { container } = deploymentOf(objects, component);
        const referenced = new Set<string>(
          (container.env ?? []).flatMap((e: { value?: string }) => kubernetesReferences(e.value ?? '')),
        );
        const unread = Object.keys(env).filter(
          (k) =>
            !contract.keys.has(k) &&
            !referenced.has(k) &&
            !NODE_RUNTIME_VARIABLES.includes(k) &&
            !isOpenTelemetryVariable(k),
        );
        expect(unread).toEqual([]);
      },
    );

    it.each(READS_UPLOADS.map((c) => [c.name, c] as const))(
      'points UPLOADS_DIR of %s, which its code reads, at the shared uploads volume',
      (_, component) => {
        const { spec, container } = deploymentOf(objects, component);
        const env = componentEnv(overlay, component);
        const mount = container.volumeMounts.find(
          (m: { mountPath: string }) => m.mountPath === env.UPLOADS_DIR,
        );
        expect(mount).toBeDefined();
        const volume = spec.volumes.find((v: { name: string }) => v.name === mount.name);
        expect(volume.persistentVolumeClaim.claimName).toBe(UPLOADS_CLAIM);
        expect(Boolean(mount.readOnly)).toBe(!WRITES_UPLOADS.includes(component.name));
      },
    );

    it('stores uploads on one claim that the writers and the gateway share', () => {
      const claim = objects.find(
        (o) => o.kind === 'PersistentVolumeClaim' && o.metadata.name === UPLOADS_CLAIM,
      )!;
      expect(claim.spec.accessModes).toEqual(overlay === 'prod' ? ['ReadWriteMany'] : ['ReadWriteOnce']);
      const users = workloads(objects)
        .filter((w) =>
          podTemplateOf(w)!.spec.volumes?.some(
            (v: { persistentVolumeClaim?: { claimName: string } }) =>
              v.persistentVolumeClaim?.claimName === UPLOADS_CLAIM,
          ),
        )
        .map((w) => w.metadata.name);
      const backup = overlay === 'dev' ? 'backup' : 'uploads-backup';
      expect(users.sort()).toEqual([backup, ...READS_UPLOADS.map((c) => c.name)].sort());
    });

    it('routes /api and /uploads to the gateway, /admin2009 to web-admin and / to web-store', () => {
      const ingresses = objects.filter((o) => o.kind === 'Ingress');
      expect(ingresses.map((i) => i.metadata.name).sort()).toEqual(['shop', 'shop-internal-paths']);
      const routes = shopIngress(objects).spec.rules.flatMap(
        (r: { http: { paths: object[] } }) => r.http.paths,
      );
      const table = routes.map(
        (p: {
          path: string;
          pathType: string;
          backend: { service: { name: string; port: { name: string } } };
        }) => {
          const service = objects.find(
            (o) => o.kind === 'Service' && o.metadata.name === p.backend.service.name,
          )!;
          expect(service.spec.ports.map((sp: { name: string }) => sp.name)).toContain(
            p.backend.service.port.name,
          );
          return [p.path, p.pathType, p.backend.service.name];
        },
      );
      expect(table).toEqual([
        ['/api', 'Prefix', 'gateway'],
        ['/uploads', 'Prefix', 'gateway'],
        ['/admin2009', 'Prefix', 'web-admin'],
        ['/', 'Prefix', 'web-store'],
      ]);
      if (overlay === 'prod')
        expect(shopIngress(objects).spec.tls[0].hosts).toEqual([shopIngress(objects).spec.rules[0].host]);
    });

    it('autoscales the storefront server, the gateway and the catalog on CPU, which their containers request', () => {
      const hpas = objects.filter((o) => o.kind === 'HorizontalPodAutoscaler');
      expect(hpas.map((h) => h.spec.scaleTargetRef.name).sort()).toEqual(['catalog', 'gateway', 'web-store']);
      for (const hpa of hpas) {
        const { container } = workload(objects, hpa.spec.scaleTargetRef.kind, hpa.spec.scaleTargetRef.name);
        expect(container.resources.requests.cpu).toBeDefined();
        expect(hpa.spec.minReplicas).toBe(overlay === 'prod' ? 2 : 1);
        expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
      }
      if (overlay === 'prod')
        for (const hpa of hpas)
          expect(
            workload(objects, 'Deployment', hpa.spec.scaleTargetRef.name).object.spec.replicas,
          ).toBeUndefined();
    });

    it('lets a drain take at most one pod of each component at a time', () => {
      const budgets = objects.filter((o) => o.kind === 'PodDisruptionBudget');
      for (const component of COMPONENTS) {
        const { template } = deploymentOf(objects, component);
        const covering = budgets.filter((b) => selects(b.spec.selector, template.metadata.labels));
        expect([component.name, covering.map((b) => b.spec.maxUnavailable)]).toEqual([component.name, [1]]);
      }
    });

    it('runs every pod as non-root on a read-only root filesystem with no capabilities, /tmp writable, and with requests and limits', () => {
      const problems: string[] = [];
      for (const w of workloads(objects)) {
        const spec = podTemplateOf(w)!.spec;
        const at = `${w.kind}/${w.metadata.name}`;
        if (spec.hostNetwork || spec.hostPID || spec.hostIPC) problems.push(`${at}: host namespaces`);
        if (spec.automountServiceAccountToken !== false)
          problems.push(`${at}: mounts a service account token`);
        if (spec.volumes?.some((v: { hostPath?: unknown }) => v.hostPath))
          problems.push(`${at}: hostPath volume`);
        for (const c of [...(spec.initContainers ?? []), ...spec.containers]) {
          const sc = { ...spec.securityContext, ...c.securityContext };
          if (sc.runAsNonRoot !== true || sc.runAsUser === 0)
            problems.push(`${at}/${c.name}: may run as root`);
          if (sc.seccompProfile?.type !== 'RuntimeDefault')
            problems.push(`${at}/${c.name}: no RuntimeDefault seccomp profile`);
          if (sc.allowPrivilegeEscalation !== false || sc.privileged)
            problems.push(`${at}/${c.name}: may escalate privileges`);
          if (!sc.capabilities?.drop?.includes('ALL') || sc.capabilities?.add?.length)
            problems.push(`${at}/${c.name}: keeps capabilities`);
          if (sc.readOnlyRootFilesystem !== true) problems.push(`${at}/${c.name}: writable root filesystem`);
          const tmp = c.volumeMounts?.find((m: { mountPath: string }) => m.mountPath === '/tmp');
          if (
            !tmp ||
            !spec.volumes.find((v: { name: string; emptyDir?: unknown }) => v.name === tmp.name)?.emptyDir
          )
            problems.push(`${at}/${c.name}: no emptyDir at /tmp`);
          for (const kind of ['requests', 'limits'])
            for (const r of ['cpu', 'memory'])
              if (!c.resources?.[kind]?.[r]) problems.push(`${at}/${c.name}: no ${r} ${kind.slice(0, -1)}`);
        }
      }
      expect(problems).toEqual([]);
    });

    it('gives each Node process a V8 heap below its memory limit', () => {
      const toMi = (q: string) => (q.endsWith('Gi') ? Number(q.slice(0, -2)) * 1024 : Number(q.slice(0, -2)));
      for (const component of [...NEST_COMPONENTS, STOREFRONT]) {
        const { container } = deploymentOf(objects, component);
        const heap = Number(
          /--max-old-space-size=(\d+)/.exec(componentEnv(overlay, component).NODE_OPTIONS)?.[1],
        );
        expect([component.name, heap < toMi(container.resources.limits.memory) * 0.8]).toEqual([
          component.name,
          true,
        ]);
      }
    });

    it("resolves every StatefulSet's governing Service", () => {
      for (const sts of objects.filter((o) => o.kind === 'StatefulSet')) {
        expect(objects.some((o) => o.kind === 'Service' && o.metadata.name === sts.spec.serviceName)).toBe(
          true,
        );
      }
    });

    it('resolves every Secret and ConfigMap a container refers to (the nightly backup included)', () => {
      for (const w of workloads(objects)) {
        for (const c of podTemplateOf(w)!.spec.containers) {
          expect(() => resolveContainerEnv(c, envSources(overlay))).not.toThrow();
        }
      }
    });

    describe('network policies', () => {
      const policies = new NetworkPolicies(objects, namespace);
      const podOf = (w: K8sObject): Peer => ({
        name: w.metadata.name,
        labels: podTemplateOf(w)!.metadata.labels,
        ports: podTemplateOf(w)!.spec.containers.flatMap((c: { ports?: object[] }) => c.ports ?? []),
      });
      const pods: Peer[] = [...workloads(objects).map(podOf), ...operatorPods(objects)];
      const pod = (name: string) => pods.find((p) => p.name === name)!;
      const byRole = (role: string) => pods.find((p) => p.labels?.['shop.msjaksh.in/role'] === role)!;
      const database = byRole('database');
      const broker = byRole('broker');
      const ingressController: Peer = {
        name: 'ingress-nginx',
        namespace: 'ingress-nginx',
        labels: { 'app.kubernetes.io/name': 'ingress-nginx' },
      };
      const dns: Peer = { name: 'kube-dns', namespace: 'kube-system', labels: { 'k8s-app': 'kube-dns' } };
      const razorpay: Peer = { name: 'api.razorpay.com', ip: '203.0.113.10' };
      const smtpRelay: Peer = { name: 'smtp.example.com', ip: '198.51.100.25' };
      const privateAddress: Peer = { name: 'a private address', ip: '10.20.30.40' };
      const stranger: Peer = { name: 'an unlabelled pod of the namespace', labels: { app: 'stranger' } };
      const elsewhere: Peer = { name: 'a pod of another namespace', namespace: 'other', labels: {} };
      const everyone = [...pods, ingressController, stranger, elsewhere];
      const services = COMPONENTS.filter((c) => c.kind === 'service').map((c) => pod(c.name));
      const healthPort = (p: Peer) => p.ports!.find((x) => x.name === 'health')!.containerPort;
      const STORE_PORT = pod('web-store').ports!.find((x) => x.name === 'http')!.containerPort;
      const reachable = (from: Peer, targets: [Peer, number][]) =>
        targets
          .filter(([to, port]) => policies.allows(from, to, port))
          .map(([to, port]) => `${to.name}:${port}`);

      it('select real pods with every selector', () => {
        expect(database && broker).toBeTruthy();
        expect(policies.selectorsMatchingNothing(pods)).toEqual([]);
      });

      it("let only the gateway reach the services' health ports", () => {
        for (const service of services) {
          const from = everyone
            .filter((p) => policies.allows(p, service, healthPort(service)))
            .map((p) => p.name);
          expect([service.name, from]).toEqual([service.name, ['gateway']]);
        }
      });

      it('let the services reach their database and the broker, payment Razorpay, user the mail relay, and nothing else', () => {
        for (const service of services) {
          const targets: [Peer, number][] = [
            [database, 5432],
            [broker, 5672],
            [pod('gateway'), 8080],
            [pod('web-store'), STORE_PORT],
            ...services.filter((s) => s !== service).map((s): [Peer, number] => [s, healthPort(s)]),
            [razorpay, 443],
            [privateAddress, 443],
            [elsewhere, 80],
          ];
          const mailCatcher = pods.find((p) => p.labels?.['shop.msjaksh.in/role'] === 'mail');
          if (mailCatcher) targets.push([mailCatcher, 1025]);
          targets.push([smtpRelay, 465], [smtpRelay, 587], [privateAddress, 587]);
          const expected = [`${database.name}:5432`, `${broker.name}:5672`];
          if (service.name === 'user') {
            // Password-reset mail: the dev overlay's maildev, a provider's relay.
            if (mailCatcher) expected.push(`${mailCatcher.name}:1025`);
            expected.push(`${smtpRelay.name}:465`, `${smtpRelay.name}:587`);
          }
          if (service.name === 'payment') {
            // The sandbox posts its simulated webhooks to the gateway in development only.
            if (overlay === 'dev') expected.push('gateway:8080');
            expected.push('api.razorpay.com:443');
          }
          expect([service.name, reachable(service, targets)]).toEqual([service.name, expected]);
          expect(policies.allows(service, dns, 53, 'UDP')).toBe(true);
        }
      });

      it("let the gateway reach the broker and the services' health, not the database or the internet", () => {
        const gateway = pod('gateway');
        const targets: [Peer, number][] = [
          [database, 5432],
          [broker, 5672],
          ...services.map((s): [Peer, number] => [s, healthPort(s)]),
          [razorpay, 443],
        ];
        expect(reachable(gateway, targets)).toEqual([
          `${broker.name}:5672`,
          ...services.map((s) => `${s.name}:${healthPort(s)}`),
        ]);
      });

      it('let the ingress controller reach the gateway, the storefront server and the back office only', () => {
        const targets: [Peer, number][] = [
          [pod('gateway'), 8080],
          [pod('web-store'), STORE_PORT],
          [pod('web-admin'), 8080],
          ...services.map((s): [Peer, number] => [s, healthPort(s)]),
        ];
        targets.push([database, 5432], [broker, 5672]);
        expect(reachable(ingressController, targets)).toEqual([
          'gateway:8080',
          `web-store:${STORE_PORT}`,
          'web-admin:8080',
        ]);
      });

      it("keep other pods of the namespace from the shop's pods", () => {
        const targets: [Peer, number][] = [
          [pod('gateway'), 8080],
          [pod('web-store'), STORE_PORT],
          ...services.map((s): [Peer, number] => [s, healthPort(s)]),
        ];
        targets.push([database, 5432], [broker, 5672]);
        expect(reachable(stranger, targets)).toEqual([]);
      });

      it('let the storefront server take requests from the ingress controller only, and reach the gateway and DNS only: it keeps no data', () => {
        const store = pod('web-store');
        expect(everyone.filter((p) => policies.allows(p, store, STORE_PORT)).map((p) => p.name)).toEqual([
          ingressController.name,
        ]);
        expect(
          reachable(store, [
            [pod('gateway'), 8080],
            [database, 5432],
            [broker, 5672],
            ...services.map((s): [Peer, number] => [s, healthPort(s)]),
            [pod('web-admin'), 8080],
            [razorpay, 443],
            [privateAddress, 443],
            [elsewhere, 80],
          ]),
        ).toEqual(['gateway:8080']);
        expect([policies.allows(store, dns, 53, 'UDP'), policies.allows(store, dns, 53, 'TCP')]).toEqual([
          true,
          true,
        ]);
      });

      it('let the backups reach what they copy and nothing else', () => {
        const s3: Peer = { name: 'the backup bucket', ip: '52.95.64.10' };
        if (overlay === 'prod') {
          expect(
            reachable(pod('uploads-backup'), [
              [database, 5432],
              [broker, 5672],
              [s3, 443],
              [privateAddress, 443],
            ]),
          ).toEqual(['the backup bucket:443']);
          return;
        }
        expect(
          reachable(pod('backup'), [
            [database, 5432],
            [broker, 5672],
            [pod('gateway'), 8080],
            [razorpay, 443],
          ]),
        ).toEqual([`${database.name}:5432`]);
      });
    });
  });

  it('dev: the database and broker URLs carry the credentials the StatefulSets are created with', () => {
    const secrets = exampleSecrets('dev');
    const objects = renderOverlay('dev');
    for (const [secret, sts, port] of [
      ['shop-database', 'postgres', 5432],
      ['shop-broker', 'rabbitmq', 5672],
    ] as const) {
      const url = new URL(secrets[secret].url);
      expect([url.username, url.password]).toEqual([secrets[secret].username, secrets[secret].password]);
      const service = objects.find((o) => o.kind === 'Service' && o.metadata.name === url.hostname)!;
      expect(service.spec.ports.map((p: { port: number }) => p.port)).toContain(Number(url.port));
      expect(
        selects(
          { matchLabels: service.spec.selector },
          workload(objects, 'StatefulSet', sts).template.metadata.labels,
        ),
      ).toBe(true);
      expect(Number(url.port)).toBe(port);
    }
  });

  it('prod: the services connect with the credentials the operators generate for the clusters it declares', () => {
    const objects = renderOverlay('prod');
    const generated = operatorSecrets(objects);
    expect(Object.keys(generated).sort()).toEqual(['shop-postgres-app', 'shop-rabbitmq-default-user']);
    for (const component of NEST_COMPONENTS) {
      const refs = (deploymentOf(objects, component).container.env ?? [])
        .map(
          (e: { valueFrom?: { secretKeyRef?: { name: string; key: string } } }) => e.valueFrom?.secretKeyRef,
        )
        .filter(Boolean)
        .filter((r: { name: string }) => !(r.name in exampleSecrets('prod')));
      for (const ref of refs) expect(generated[ref.name]).toContain(ref.key);
      const env = componentEnv('prod', component);
      expect(new URL(env.AMQP_URL).hostname).toBe('shop-rabbitmq.shop.svc');
      if (component.kind === 'service')
        expect(new URL(env.DATABASE_URL).hostname).toBe('shop-postgres-rw.shop');
    }
  });
});
