import { brokerNames } from '@shop/proto';
import { baseEnvSchema } from '../../services/kit/src/config/service-config';
import { eventQueueArguments } from '../../services/kit/src/events/event-queues';
import { NEST_COMPONENTS } from './support/components';
import { envContract } from './support/code';
import { K8sObject, OVERLAYS, Overlay, podTemplateOf, readManifest, resolvePort, selects } from './support/kubernetes';
import { operatorPods, validateObjects } from './support/kubernetes-schema';
import { NetworkPolicies, Peer } from './support/network-policy';
import {
  componentEnv,
  deploymentOf,
  exampleSecrets,
  OVERLAY_NAMESPACE,
  renderOverlay,
  renderWithComponents,
  workload,
} from './support/overlay';
import { gatewayClientAddress, waysIn } from './support/client-address';
import { composeEnvironment, interpolatedCompose } from './support/compose';
import type { EnvVar } from './support/env';
import { readRepoFile } from './support/repo';

jest.setTimeout(60_000);

const user = NEST_COMPONENTS.find((c) => c.name === 'user')!;
/** The development mail sink, in the dev overlay as in docker-compose.yml. */
const MAIL_CATCHER = 'maildev';
const gateway = NEST_COMPONENTS.find((c) => c.name === 'gateway')!;
const QUEUE_CONSUMERS = ['order', 'payment', 'admin-reporting'];
/** SIGTERM to exit at the latest: the kit's default SHUTDOWN_GRACE_MS, then 5 s to close. */
const MAX_DRAIN_SECONDS = baseEnvSchema.shape.SHUTDOWN_GRACE_MS.parse(undefined) / 1000 + 5;

const envEntry = (container: { env?: { name: string }[] }, name: string) =>
  container.env?.find((e) => e.name === name) as EnvVar | undefined;

const podPeer = (w: K8sObject): Peer => ({
  name: w.metadata.name,
  labels: podTemplateOf(w)!.metadata.labels,
  ports: podTemplateOf(w)!.spec.containers.flatMap((c: { ports?: object[] }) => c.ports ?? []),
});
const workloadPeers = (objects: K8sObject[]) => objects.filter((o) => podTemplateOf(o)).map(podPeer);
const google: Peer = { name: 'oauth2.googleapis.com', ip: '142.250.183.10' };
const privateAddress: Peer = { name: 'a private address', ip: '10.1.2.3' };

describe.each(OVERLAYS)('the %s overlay at runtime', (overlay: Overlay) => {
  const objects = renderOverlay(overlay);
  const namespace = OVERLAY_NAMESPACE[overlay];

  it('gives the user service SMTP_URL from the Secret shop-mail, whose example is a valid relay URL its config accepts', () => {
    const { container } = deploymentOf(objects, user);
    expect(envEntry(container, 'SMTP_URL')?.valueFrom?.secretKeyRef).toEqual({ name: 'shop-mail', key: 'url' });
    const url = new URL(exampleSecrets(overlay)['shop-mail'].url);
    expect(['smtp:', 'smtps:']).toContain(url.protocol);
    const env = componentEnv(overlay, user);
    expect(env.SMTP_URL).toBe(url.href.replace(/\/$/, ''));
    expect(() => envContract(user).validate(env)).not.toThrow();
    if (overlay === 'dev') {
      // maildev, the development cluster's mail sink: its Service leads to its SMTP port.
      const service = objects.find((o) => o.kind === 'Service' && o.metadata.name === url.hostname)!;
      const port = service.spec.ports.find((p: { port: number }) => p.port === Number(url.port));
      const maildev = workload(objects, 'Deployment', MAIL_CATCHER);
      expect(selects({ matchLabels: service.spec.selector }, maildev.template.metadata.labels)).toBe(true);
      expect(resolvePort(port.targetPort, [maildev.container])).toBe(1025);
    } else {
      expect(url.hostname).not.toBe(MAIL_CATCHER);
    }
  });

  if (overlay === 'dev')
    it('catches the mail of the development cluster with maildev, as Compose and `npm start` do: the same image, SMTP on 1025, the web inbox on 1080', () => {
      const maildev = workload(objects, 'Deployment', MAIL_CATCHER);
      const compose = interpolatedCompose().services[MAIL_CATCHER];
      expect(maildev.container.image).toMatch(/^maildev\/maildev:\d+\.\d+\.\d+$/);
      expect(maildev.container.image).toBe(compose.image);
      const env = Object.fromEntries(maildev.container.env.map((e: { name: string; value: string }) => [e.name, e.value]));
      expect(env).toEqual({ MAILDEV_SMTP_PORT: '1025', MAILDEV_WEB_PORT: '1080' });
      expect(env).toEqual(
        Object.fromEntries(Object.entries(composeEnvironment(compose)).filter(([k]) => k.startsWith('MAILDEV_'))),
      );
      const ports = Object.fromEntries(
        maildev.container.ports.map((p: { name: string; containerPort: number }) => [p.name, p.containerPort]),
      );
      expect(ports).toEqual({ smtp: 1025, http: 1080 });
      const composeCheck = new URL(/https?:\/\/\S+/.exec(compose.healthcheck!.test.join(' '))![0]);
      for (const probe of [maildev.container.readinessProbe, maildev.container.livenessProbe])
        expect([probe.httpGet.path, resolvePort(probe.httpGet.port, [maildev.container])]).toEqual([
          composeCheck.pathname,
          Number(composeCheck.port),
        ]);
      expect(objects.some((o) => /mailpit/i.test(o.metadata.name))).toBe(false);
    });

  it('gives the user service MAIL_FROM from the config map shop-mail-config, and no mailbox', () => {
    const { spec, container } = deploymentOf(objects, user);
    const ref = envEntry(container, 'MAIL_FROM')?.valueFrom?.configMapKeyRef;
    expect(ref).toMatchObject({ key: 'MAIL_FROM', name: expect.stringMatching(/^shop-mail-config(-[a-z0-9]+)?$/) });
    expect(componentEnv(overlay, user).MAIL_FROM).toBe('MS & Jaksh <no-reply@msjaksh.in>');
    expect(envEntry(container, 'MAILBOX_DIR')).toBeUndefined();
    expect(spec.volumes.map((v: { name: string }) => v.name)).not.toContain('mailbox');
  });

  it('lets the user service reach the mail relay (and dev maildev), and only the user service', () => {
    const policies = new NetworkPolicies(objects, namespace);
    const pods = workloadPeers(objects);
    const relay: Peer = { name: 'smtp.example.com', ip: '198.51.100.25' };
    const senders = pods
      .filter((p) => p.labels?.['app.kubernetes.io/part-of'] === 'shop')
      .filter((p) => [465, 587].some((port) => policies.allows(p, relay, port)));
    expect(senders.map((p) => p.name)).toEqual(['user']);
    expect(policies.allows(pods.find((p) => p.name === 'user')!, privateAddress, 587)).toBe(false);
    if (overlay === 'dev') {
      const maildev = pods.find((p) => p.name === MAIL_CATCHER)!;
      expect(pods.filter((p) => policies.allows(p, maildev, 1025)).map((p) => p.name)).toEqual(['user']);
      expect(pods.filter((p) => policies.allows(p, maildev, 1080)).map((p) => p.name)).toEqual([]);
    }
  });

  it('keeps the gateway off the internet without the google-sign-in component, and lets it reach Google over HTTPS with it', () => {
    const without = new NetworkPolicies(objects, namespace);
    const gatewayPod = podPeer(workload(objects, 'Deployment', 'gateway').object);
    expect(without.allows(gatewayPod, google, 443)).toBe(false);

    const withGoogle = renderWithComponents(overlay, ['google-sign-in']);
    expect(validateObjects(withGoogle)).toEqual([]);
    const policies = new NetworkPolicies(withGoogle, namespace);
    expect(policies.allows(gatewayPod, google, 443)).toBe(true);
    expect(policies.allows(gatewayPod, google, 80)).toBe(false);
    expect(policies.allows(gatewayPod, privateAddress, 443)).toBe(false);
    const gained = workloadPeers(withGoogle).filter(
      (p) => policies.allows(p, google, 443) && !without.allows(p, google, 443),
    );
    expect(gained.map((p) => p.name)).toEqual(['gateway']);
    expect(readManifest('deploy/components/google-sign-in/kustomization.yaml')[0].kind).toBe('Component');
  });

  it("reads the shopper's address at the gateway whether a request comes from the ingress controller or from web-store rendering a page, and never a forged one", () => {
    const trusted = componentEnv(overlay, gateway).TRUSTED_PROXIES;
    expect(envContract(gateway).keys.has('TRUSTED_PROXIES')).toBe(true);
    // Pod addresses of common CNIs (10.244.0.0/16, 10.42.0.0/16) and an internal load balancer.
    const { shopper, ways } = waysIn({ edge: '10.244.1.17', storefront: '10.42.0.23', loadBalancer: '10.0.0.4' });
    for (const [way, [socket, forwardedFor]] of Object.entries(ways))
      expect([way, gatewayClientAddress(trusted, socket, forwardedFor)]).toEqual([way, shopper]);
  });

  it('gives every NestJS process the time to drain before it is killed', () => {
    for (const component of NEST_COMPONENTS) {
      const { spec } = deploymentOf(objects, component);
      expect([component.name, spec.terminationGracePeriodSeconds > MAX_DRAIN_SECONDS]).toEqual([component.name, true]);
    }
  });

  it('scales the order, payment and admin-reporting consumers on their event queue depth with the optional KEDA component', () => {
    const scaled = renderWithComponents(overlay, ['queue-autoscaling']);
    expect(validateObjects(scaled)).toEqual([]);
    const scaledObjects = scaled.filter((o) => o.kind === 'ScaledObject');
    expect(scaledObjects.map((o) => o.spec.scaleTargetRef.name).sort()).toEqual([...QUEUE_CONSUMERS].sort());
    for (const so of scaledObjects) {
      const target = workload(scaled, 'Deployment', so.spec.scaleTargetRef.name);
      expect(target.object.spec.replicas).toBeUndefined();
      expect(so.metadata.namespace).toBe(namespace);
      const [trigger] = so.spec.triggers;
      expect(trigger.type).toBe('rabbitmq');
      expect(trigger.metadata).toMatchObject({
        mode: 'QueueLength',
        queueName: brokerNames('').eventsQueue(so.spec.scaleTargetRef.name),
      });
      expect(Number(trigger.metadata.value)).toBeGreaterThan(0);
      const env = componentEnv(overlay, NEST_COMPONENTS.find((c) => c.name === target.object.metadata.name)!);
      const broker = new URL(env[trigger.metadata.hostFromEnv]);
      expect(broker.protocol).toBe('amqp:');
      // KEDA connects from its own namespace: prod's broker host names the namespace.
      if (overlay === 'prod') expect(broker.hostname).toBe(`shop-rabbitmq.${namespace}.svc`);
      expect(so.spec.minReplicaCount).toBeGreaterThanOrEqual(1);
      expect(so.spec.maxReplicaCount).toBeGreaterThan(so.spec.minReplicaCount);
    }
    const brokerPod = [...workloadPeers(scaled), ...operatorPods(scaled)].find(
      (p) => p.labels?.['shop.msjaksh.in/role'] === 'broker',
    )!;
    const keda: Peer = { name: 'keda-operator', namespace: 'keda', labels: { app: 'keda-operator' } };
    expect(new NetworkPolicies(scaled, namespace).allows(keda, brokerPod, 5672)).toBe(true);
  });
});

describe('the prod overlay: data pods, broker version, backups, images', () => {
  const objects = renderOverlay('prod');
  const namespace = OVERLAY_NAMESPACE.prod;
  const policies = new NetworkPolicies(objects, namespace);
  const pods = [...workloadPeers(objects), ...operatorPods(objects)];
  const byRole = (role: string) => pods.filter((p) => p.labels?.['shop.msjaksh.in/role'] === role);
  const cnpgOperator: Peer = {
    name: 'cloudnative-pg operator',
    namespace: 'cnpg-system',
    labels: { 'app.kubernetes.io/name': 'cloudnative-pg' },
  };
  const rabbitmqOperator: Peer = {
    name: 'rabbitmq-cluster-operator',
    namespace: 'rabbitmq-system',
    labels: { 'app.kubernetes.io/name': 'rabbitmq-cluster-operator' },
  };
  const stranger: Peer = { name: 'an unlabelled pod of the namespace', labels: { app: 'stranger' } };
  const elsewhere: Peer = { name: 'a pod of another namespace', namespace: 'other', labels: {} };

  it('selects the CloudNativePG and RabbitMQ pods with NetworkPolicies that admit only the services, the gateway to the broker, their peers and their operators', () => {
    const [database] = byRole('database');
    const [broker] = byRole('broker');
    expect(policies.selectorsMatchingNothing(pods)).toEqual([]);
    for (const [target, port] of [
      [database, 5432],
      [broker, 5672],
    ] as const) {
      const admitted = [...pods, stranger, elsewhere, cnpgOperator, rabbitmqOperator]
        .filter((p) => p !== target && policies.allows(p, target, port))
        .map((p) => p.name)
        .sort();
      const services = NEST_COMPONENTS.filter((c) => c.kind === 'service').map((c) => c.name);
      const expected = target === broker ? [...services, 'gateway'] : [...services];
      if (target === database) expected.push(cnpgOperator.name);
      expect([target.name, admitted]).toEqual([target.name, expected.sort()]);
    }
    expect(policies.allows(cnpgOperator, database, 8000)).toBe(true);
    expect(policies.allows(database, database, 5432)).toBe(true);
    expect(policies.allows(broker, broker, 25672)).toBe(true);
    expect(policies.allows(rabbitmqOperator, broker, 15672)).toBe(true);
    expect(policies.allows(stranger, broker, 15672)).toBe(false);
    expect(policies.allows(elsewhere, database, 8000)).toBe(false);
  });

  it('runs RabbitMQ 4.x', () => {
    const cluster = objects.find((o) => o.kind === 'RabbitmqCluster')!;
    expect(cluster.spec.image).toMatch(/^rabbitmq:4\.\d+(\.\d+)?(-management)?$/);
  });

  it('archives PostgreSQL continuously to S3-compatible storage with a nightly ScheduledBackup, and copies the uploads to the same bucket', () => {
    const cluster = objects.find((o) => o.kind === 'Cluster')!;
    const store = cluster.spec.backup.barmanObjectStore;
    const secrets = exampleSecrets('prod');
    for (const ref of [store.s3Credentials.accessKeyId, store.s3Credentials.secretAccessKey])
      expect(secrets[ref.name]?.[ref.key]).toBeDefined();
    expect(store.destinationPath).toMatch(/^s3:\/\/[a-z0-9.-]+\/.+/);
    expect(cluster.spec.backup.retentionPolicy).toMatch(/^\d+[dwm]$/);

    const scheduled = objects.filter((o) => o.kind === 'ScheduledBackup');
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0].spec).toMatchObject({ cluster: { name: cluster.metadata.name }, method: 'barmanObjectStore' });

    const bucket = new URL(store.destinationPath).hostname;
    const uploads = workload(objects, 'CronJob', 'uploads-backup');
    expect(uploads.container.args.join(' ')).toMatch(new RegExp(`^copy /data/uploads backup:${bucket}/`));
    const volume = uploads.spec.volumes.find((v: { persistentVolumeClaim?: object }) => v.persistentVolumeClaim);
    expect(volume.persistentVolumeClaim).toEqual({ claimName: 'shop-uploads', readOnly: true });
    const endpoint = envEntry(uploads.container, 'RCLONE_CONFIG_BACKUP_ENDPOINT')?.value;
    expect(endpoint).toBe(store.endpointURL);
    expect(objects.some((o) => o.kind === 'CronJob' && o.metadata.name === 'backup')).toBe(false);
  });

  it('pulls the shop images from a registry ops must set, never from Docker Hub', () => {
    const kustomization = readManifest('deploy/overlays/prod/kustomization.yaml')[0];
    for (const image of kustomization.images) expect(image.newName).toBe(`registry.invalid/${image.name}`);
    for (const w of objects.filter((o) => podTemplateOf(o)))
      for (const c of podTemplateOf(w)!.spec.containers)
        expect([w.metadata.name, c.image.startsWith('shop/')]).toEqual([w.metadata.name, false]);
  });
});

describe('the event queues @shop/kit declares', () => {
  const names = { queue: 'order.events', retry: 'order.events.retry', dlq: 'order.events.dlq' };
  const args = eventQueueArguments(names);

  it('are durable quorum queues: the event queue, its retry queue and its dead-letter queue', () => {
    for (const key of ['queue', 'retry', 'dlq'] as const)
      expect([key, args[key].durable, args[key].arguments!['x-queue-type']]).toEqual([key, true, 'quorum']);
  });

  it('dead-letter at least once, which RabbitMQ allows only with reject-publish overflow', () => {
    expect(args.queue.arguments).toMatchObject({
      'x-dead-letter-strategy': 'at-least-once',
      'x-overflow': 'reject-publish',
      'x-dead-letter-routing-key': names.dlq,
    });
    expect(args.retry.arguments).toMatchObject({
      'x-dead-letter-strategy': 'at-least-once',
      'x-overflow': 'reject-publish',
      'x-dead-letter-routing-key': names.queue,
    });
  });

  it('are what the event consumer declares, with a documented way from classic queues; RPC replies keep theirs', () => {
    const consumer = readRepoFile('services/kit/src/events/event-consumer.ts');
    expect(consumer).toContain('assertEventQueues(ch, { queue, retry, dlq })');
    expect(consumer).not.toMatch(/assertQueue\(/);
    expect(readRepoFile('docs/operations.md')).toMatch(/PRECONDITION_FAILED/);
    expect(readRepoFile('services/kit/src/events/event-queues.ts')).toContain('docs/operations.md');
    // RPC replies come back on RabbitMQ's direct reply-to, the gateway's event feed on an
    // exclusive queue: neither is an event queue.
    expect(readRepoFile('services/kit/src/rpc/rpc-client.ts')).not.toContain('x-queue-type');
    expect(readRepoFile('gateway/src/back-office/gateway-events.ts')).toContain('exclusive: true');
  });
});
