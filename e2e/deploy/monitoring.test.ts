import { parse } from 'yaml';
import { DEFAULT_PROCESS_METRICS, SHOP_METRICS } from '../../services/kit/src/metrics/metric-names';
import { NEST_COMPONENTS, STOREFRONT } from './support/components';
import { K8sObject, LabelSelector, podTemplateOf, resolvePort, selects } from './support/kubernetes';
import { operatorPods, validateObjects } from './support/kubernetes-schema';
import { NetworkPolicies, Peer } from './support/network-policy';
import { componentEnv, deploymentOf, OVERLAY_NAMESPACE, renderOverlay } from './support/overlay';
import { metricNames } from './support/promql';
import { readRepoFile } from './support/repo';

jest.setTimeout(60_000);

/** The shop's histograms: Prometheus stores them as _bucket, _count and _sum series only. */
const HISTOGRAMS: string[] = [
  SHOP_METRICS.httpRequestDuration,
  SHOP_METRICS.rpcClientDuration,
  SHOP_METRICS.rpcServerDuration,
  SHOP_METRICS.eventConsumerLag,
];
const SHOP_SERIES = new Set<string>([
  ...Object.values(SHOP_METRICS).filter((name) => !HISTOGRAMS.includes(name)),
  ...HISTOGRAMS.flatMap((name) => [`${name}_bucket`, `${name}_count`, `${name}_sum`]),
  ...DEFAULT_PROCESS_METRICS,
]);

/**
 * Metrics of what the shop runs on, by source. RabbitMQ's by the /metrics/detailed family that
 * emits them: the rabbitmq_prometheus plugin of RabbitMQ 4.1, prefix rabbitmq_detailed_
 * (deps/rabbitmq_prometheus, prometheus_rabbitmq_core_metrics_collector.erl).
 */
const RABBITMQ_DETAILED_FAMILIES: Record<string, string[]> = {
  queue_coarse_metrics: [
    'rabbitmq_detailed_queue_messages',
    'rabbitmq_detailed_queue_messages_ready',
    'rabbitmq_detailed_queue_messages_unacked',
  ],
  queue_consumer_count: ['rabbitmq_detailed_queue_consumers'],
};
const EXTERNAL_METRICS: Record<string, string[]> = {
  rabbitmq: Object.values(RABBITMQ_DETAILED_FAMILIES).flat(),
  // CloudNativePG's instance exporter, from its default queries (ConfigMap cnpg-default-monitoring).
  cloudnativepg: ['cnpg_backends_total', 'cnpg_pg_replication_lag'],
  // kube-state-metrics 2.x, pod metrics.
  'kube-state-metrics': [
    'kube_pod_container_status_restarts_total',
    'kube_pod_status_ready',
    'kube_pod_status_phase',
  ],
};
const KNOWN_SERIES = new Set([...SHOP_SERIES, ...Object.values(EXTERNAL_METRICS).flat()]);

const unknownMetrics = (expr: string) => metricNames(expr).filter((name) => !KNOWN_SERIES.has(name));

/** GitHub's anchor for a Markdown heading. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');
const OPERATIONS_ANCHORS = new Set(
  [...readRepoFile('docs/operations.md').matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1])),
);

type Rule = { alert?: string; record?: string; expr: string; for?: string; labels?: any; annotations?: any };

describe('PromQL metric names (the reader the checks below use)', () => {
  it.each([
    [
      'sum by (route) (rate(http_x_count{status_code=~"5..", route!="/a/{id}"}[$__rate_interval]))',
      ['http_x_count'],
    ],
    [
      'histogram_quantile(0.99, sum by (le, pattern) (rate(rpc_seconds_bucket[5m]))) > 1',
      ['rpc_seconds_bucket'],
    ],
    [
      'max(queue_messages) by (queue) > 0 and on (queue) max by (queue) (queue_consumers) == 0',
      ['queue_messages', 'queue_consumers'],
    ],
    ['a_total / ignoring (code) group_left() b offset 1h unless c[5m:1m]', ['a_total', 'b', 'c']],
    ['sum without (pod) (x) * on (job) group_right (state) y > bool 3', ['x', 'y']],
  ])('%s reads %j', (expr, names) => {
    expect(metricNames(expr)).toEqual(names);
  });

  it('refuses an identifier called like a function that PromQL does not have', () => {
    expect(() => metricNames('rat(x_total[5m])')).toThrow(/"rat" is not a PromQL function/);
  });
});

describe('monitoring in the prod overlay (deploy/components/monitoring, deploy/overlays/prod)', () => {
  const objects = renderOverlay('prod');
  const namespace = OVERLAY_NAMESPACE.prod;
  const serviceMonitors = objects.filter((o) => o.kind === 'ServiceMonitor');
  const podMonitors = objects.filter((o) => o.kind === 'PodMonitor');
  const rules = objects.filter((o) => o.kind === 'PrometheusRule');
  const alerts: Rule[] = rules.flatMap((r) => r.spec.groups.flatMap((g: { rules: Rule[] }) => g.rules));
  const alert = (name: string) => alerts.find((a) => a.alert === name);
  const operator = operatorPods(objects);

  /** Every scrape target a monitor makes: which pod template or operator pod, and which container port. */
  type Target = { monitor: string; pod: Peer; port: number | undefined; path: string; params?: object };
  const workloadPods: Peer[] = objects
    .filter((o) => podTemplateOf(o))
    .map((w) => ({
      name: w.metadata.name,
      labels: podTemplateOf(w)!.metadata.labels,
      ports: podTemplateOf(w)!.spec.containers.flatMap((c: { ports?: object[] }) => c.ports ?? []),
    }));
  const allPods: Peer[] = [...workloadPods, ...operator];
  const inOwnNamespace = (m: K8sObject) =>
    !m.spec.namespaceSelector || (m.spec.namespaceSelector.matchNames ?? []).includes(m.metadata.namespace);
  const targets: Target[] = [
    ...serviceMonitors.flatMap((m) =>
      objects
        .filter(
          (s) => s.kind === 'Service' && inOwnNamespace(m) && selects(m.spec.selector, s.metadata.labels),
        )
        .flatMap((s) =>
          allPods
            .filter((p) => selects({ matchLabels: s.spec.selector }, p.labels))
            .flatMap((pod) =>
              m.spec.endpoints.map((e: { port: string; path?: string; params?: object }) => {
                const servicePort = s.spec.ports.find((p: { name: string }) => p.name === e.port);
                return {
                  monitor: `ServiceMonitor/${m.metadata.name}`,
                  pod,
                  port: servicePort && resolvePort(servicePort.targetPort, [{ ports: pod.ports as never }]),
                  path: e.path ?? '/metrics',
                  params: e.params,
                };
              }),
            ),
        ),
    ),
    ...podMonitors.flatMap((m) =>
      allPods
        .filter((pod) => inOwnNamespace(m) && selects(m.spec.selector as LabelSelector, pod.labels))
        .flatMap((pod) =>
          m.spec.podMetricsEndpoints.map((e: { port: string; path?: string; params?: object }) => ({
            monitor: `PodMonitor/${m.metadata.name}`,
            pod,
            port: resolvePort(e.port, [{ ports: pod.ports as never }]),
            path: e.path ?? '/metrics',
            params: e.params,
          })),
        ),
    ),
  ];

  it('renders the monitors and the rules, valid by the Prometheus Operator CRD schemas', () => {
    expect(serviceMonitors.length + podMonitors.length).toBeGreaterThan(0);
    expect(rules).toHaveLength(1);
    expect(validateObjects([...serviceMonitors, ...podMonitors, ...rules])).toEqual([]);
  });

  it('gives every monitor a target, on a port its pods have', () => {
    for (const m of [...serviceMonitors, ...podMonitors]) {
      const own = targets.filter((t) => t.monitor === `${m.kind}/${m.metadata.name}`);
      expect([m.metadata.name, own.length > 0]).toEqual([m.metadata.name, true]);
      for (const t of own)
        expect([t.monitor, t.pod.name, t.port]).toEqual([t.monitor, t.pod.name, expect.any(Number)]);
    }
  });

  it.each([...NEST_COMPONENTS, STOREFRONT].map((c) => [c.name, c] as const))(
    'scrapes %s with one monitor, on /metrics of the port its process answers health on',
    (_, component) => {
      const { container } = deploymentOf(objects, component);
      const own = targets.filter((t) => t.pod.name === component.name);
      expect(own.map((t) => t.monitor)).toHaveLength(1);
      expect(own[0].path).toBe('/metrics');
      expect(own[0].port).toBe(resolvePort(container.readinessProbe.httpGet.port, [container]));
    },
  );

  it("scrapes RabbitMQ's nodes and their per-queue metrics, for every family the alerts and the dashboard read", () => {
    const broker = operator.find((p) => p.name.includes('RabbitMQ'))!;
    const own = targets.filter((t) => t.pod === broker);
    expect(own.map((t) => [t.port, t.path]).sort()).toEqual([
      [15692, '/metrics'],
      [15692, '/metrics/detailed'],
    ]);
    const families = (own.find((t) => t.path === '/metrics/detailed')!.params as { family: string[] }).family;
    const read = new Set([...alerts.map((a) => a.expr), ...dashboardQueries()].flatMap(metricNames));
    const needed = Object.entries(RABBITMQ_DETAILED_FAMILIES)
      .filter(([, names]) => names.some((n) => read.has(n)))
      .map(([family]) => family);
    expect(needed.length).toBeGreaterThan(0);
    expect(families).toEqual(expect.arrayContaining(needed));
  });

  it("scrapes CloudNativePG's exporter on every PostgreSQL instance", () => {
    const database = operator.find((p) => p.name.includes('CloudNativePG'))!;
    expect(targets.filter((t) => t.pod === database).map((t) => [t.port, t.path])).toEqual([
      [9187, '/metrics'],
    ]);
  });

  describe('network policies', () => {
    const policies = new NetworkPolicies(objects, namespace);
    const prometheus: Peer = {
      name: 'prometheus',
      namespace: 'monitoring',
      labels: { 'app.kubernetes.io/name': 'prometheus' },
    };
    const otherMonitoringPod: Peer = {
      name: 'grafana',
      namespace: 'monitoring',
      labels: { 'app.kubernetes.io/name': 'grafana' },
    };

    it('let Prometheus reach every scrape target', () => {
      const blocked = targets.filter((t) => !policies.allows(prometheus, t.pod, t.port!));
      expect(blocked.map((t) => `${t.monitor} -> ${t.pod.name}:${t.port}`)).toEqual([]);
    });

    it('let Prometheus reach nothing else of the database and the broker, and no other pod of its namespace reach the targets', () => {
      const database = operator.find((p) => p.name.includes('CloudNativePG'))!;
      const broker = operator.find((p) => p.name.includes('RabbitMQ'))!;
      expect(
        [
          [database, 5432],
          [database, 8000],
          [broker, 5672],
          [broker, 15672],
        ].filter(([pod, port]) => policies.allows(prometheus, pod as Peer, port as number)),
      ).toEqual([]);
      expect(
        targets.filter((t) => policies.allows(otherMonitoringPod, t.pod, t.port!)).map((t) => t.pod.name),
      ).toEqual([]);
    });
  });

  describe('alerts', () => {
    /** What the issue asks to be alerted on, the alert for it, and what its expression must say. */
    const REQUIRED: [string, string, RegExp[]][] = [
      [
        'messages in any .dlq queue',
        'ShopDeadLetterQueueNotEmpty',
        [/rabbitmq_detailed_queue_messages\{queue=~"\.\+\\\\\.dlq"\}/, /> 0$/],
      ],
      ['outbox oldest row over 60 s', 'ShopOutboxStalled', [/\bshop_outbox_oldest_age_seconds\b/, /> 60$/]],
      [
        'a queue with messages and no consumer',
        'ShopQueueWithoutConsumer',
        [
          /rabbitmq_detailed_queue_messages\{[^}]*dlq\|retry[^}]*\}\) > 0/,
          /rabbitmq_detailed_queue_consumers\) == 0$/,
        ],
      ],
      [
        'RPC p99 over 1 s, as handled',
        'ShopRpcSlow',
        [/histogram_quantile\(0\.99,/, /shop_rpc_server_duration_seconds_bucket/, /\) > 1$/],
      ],
      [
        'RPC p99 over 1 s, as the gateway waits',
        'ShopRpcSlowAtGateway',
        [/histogram_quantile\(0\.99,/, /shop_rpc_client_duration_seconds_bucket/, /\) > 1$/],
      ],
      [
        '5xx ratio over 1%',
        'ShopHttp5xxRatioHigh',
        [/http_server_request_duration_seconds_count\{status_code=~"5\.\."\}/, /> 0\.01$/],
      ],
      [
        'a pod restarting',
        'ShopPodRestarting',
        [/increase\(kube_pod_container_status_restarts_total\{[^}]*\}\[\w+\]\) > 0$/],
      ],
      ['readiness failing, as the process says', 'ShopProcessNotReady', [/\(shop_ready\) == 0$/]],
      [
        'readiness failing, as Kubernetes sees it',
        'ShopPodNotReady',
        [/kube_pod_status_ready\{[^}]*condition="false"[^}]*\}/],
      ],
    ];

    it.each(REQUIRED)('alert on %s: %s', (_, name, patterns) => {
      const rule = alert(name);
      expect(rule).toBeDefined();
      const expr = rule!.expr.replace(/\s+/g, ' ').trim();
      for (const p of patterns) expect(expr).toMatch(p);
    });

    it('give every alert a severity, a summary, a description and a runbook in docs/operations.md', () => {
      expect(alerts.length).toBeGreaterThan(0);
      for (const a of alerts) {
        expect(a.alert).toBeDefined();
        expect([a.alert, a.labels?.severity]).toEqual([
          a.alert,
          expect.stringMatching(/^(critical|warning)$/),
        ]);
        expect([a.alert, a.annotations?.summary, a.annotations?.description]).toEqual([
          a.alert,
          expect.stringMatching(/\S/),
          expect.stringMatching(/\S/),
        ]);
        const anchor = /^docs\/operations\.md#([\w-]+)$/.exec(a.annotations?.runbook_url ?? '')?.[1];
        expect([a.alert, anchor]).toEqual([a.alert, a.alert!.toLowerCase()]);
        expect([a.alert, OPERATIONS_ANCHORS.has(anchor!)]).toEqual([a.alert, true]);
      }
    });

    it('read only metrics the code exports, or named metrics of RabbitMQ, CloudNativePG and kube-state-metrics', () => {
      const problems = alerts.flatMap((a) => unknownMetrics(a.expr).map((n) => `${a.alert}: ${n}`));
      expect(problems).toEqual([]);
    });

    it("read kube-state-metrics only for the shop's own namespace", () => {
      for (const a of alerts)
        for (const m of a.expr.matchAll(/\b(kube_\w+)(\{[^}]*\})?/g))
          expect([a.alert, m[1], m[2] ?? '']).toEqual([
            a.alert,
            m[1],
            expect.stringContaining(`namespace="${namespace}"`),
          ]);
    });
  });

  function dashboard() {
    const maps = objects.filter(
      (o) => o.kind === 'ConfigMap' && o.metadata.labels?.grafana_dashboard === '1',
    );
    expect(maps.map((m) => Object.keys(m.data))).toEqual([['shop.json']]);
    return JSON.parse(maps[0].data['shop.json']);
  }
  type Panel = { id: number; type: string; title: string; targets?: { expr: string }[] };
  const panels = (): Panel[] => dashboard().panels.filter((p: Panel) => p.type !== 'row');
  function dashboardQueries(): string[] {
    const variables = dashboard().templating.list.filter((v: { type: string }) => v.type === 'query');
    return [
      ...panels().flatMap((p) => (p.targets ?? []).map((t) => t.expr)),
      // Grafana's label_values(metric, label) asks for a label of one metric.
      ...variables.map((v: { query: { query: string } }) => /^label_values\((\w+),/.exec(v.query.query)![1]),
    ];
  }

  describe('the Grafana dashboard', () => {
    it('ships as one ConfigMap for the sidecar, with a uid and a query in every panel', () => {
      const d = dashboard();
      expect(d.uid).toMatch(/^[\w-]{1,40}$/);
      const ids = d.panels.map((p: Panel) => p.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const p of panels()) expect([p.title, (p.targets ?? []).length > 0]).toEqual([p.title, true]);
    });

    it('queries only metrics the code exports, or named metrics of RabbitMQ, CloudNativePG and kube-state-metrics', () => {
      const problems = dashboardQueries().flatMap((q) => unknownMetrics(q).map((n) => `${n} in ${q}`));
      expect(problems).toEqual([]);
    });

    it('charts every metric the shop exports', () => {
      const charted = new Set(dashboardQueries().flatMap(metricNames));
      const missing = Object.values(SHOP_METRICS).filter(
        (name) => ![name, `${name}_bucket`, `${name}_count`].some((series) => charted.has(series)),
      );
      expect(missing).toEqual([]);
    });
  });
});

describe('the OpenTelemetry Collector in the dev overlay', () => {
  const objects = renderOverlay('dev');
  const namespace = OVERLAY_NAMESPACE.dev;
  const collector = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === 'otel-collector')!;
  const template = podTemplateOf(collector)!;
  const container = template.spec.containers[0];
  const service = objects.find(
    (o) => o.kind === 'Service' && selects({ matchLabels: o.spec.selector }, template.metadata.labels),
  )!;
  const configVolume = template.spec.volumes.find((v: { configMap?: object }) => v.configMap);
  const configMap = objects.find(
    (o) => o.kind === 'ConfigMap' && o.metadata.name === configVolume.configMap.name,
  )!;
  const configPath = /^--config=(.+)$/.exec(
    container.args.find((a: string) => a.startsWith('--config=')),
  )![1];
  const mount = container.volumeMounts.find((m: { name: string }) => m.name === configVolume.name);
  const config = parse(configMap.data[configPath.slice(mount.mountPath.length + 1)]);
  const portOf = (endpoint: string) => Number(/:(\d+)$/.exec(endpoint)![1]);

  it('runs as a Deployment with its Service and ConfigMap, valid by the Kubernetes API schemas, from a pinned image', () => {
    expect([collector, service, configMap].every(Boolean)).toBe(true);
    expect(validateObjects([collector, service, configMap])).toEqual([]);
    expect(container.image).toMatch(/^otel\/opentelemetry-collector-contrib:\d+\.\d+\.\d+$/);
    expect(configPath.startsWith(`${mount.mountPath}/`)).toBe(true);
  });

  it('receives OTLP over gRPC (4317) and HTTP (4318) on every interface, batches and prints the traces', () => {
    const { grpc, http } = config.receivers.otlp.protocols;
    expect([grpc.endpoint, http.endpoint]).toEqual(['0.0.0.0:4317', '0.0.0.0:4318']);
    const traces = config.service.pipelines.traces;
    expect(traces.receivers).toEqual(['otlp']);
    expect(traces.processors).toContain('batch');
    expect(traces.exporters).toContain('debug');
    for (const kind of ['receivers', 'processors', 'exporters'] as const)
      for (const name of traces[kind])
        expect([kind, name, config[kind][name] !== undefined]).toEqual([kind, name, true]);
    for (const port of [4317, 4318]) {
      const servicePort = service.spec.ports.find((p: { port: number }) => p.port === port);
      expect(resolvePort(servicePort.targetPort, [container])).toBe(port);
    }
    for (const probe of [container.readinessProbe, container.livenessProbe])
      expect(resolvePort(probe.httpGet.port, [container])).toBe(
        portOf(config.extensions.health_check.endpoint),
      );
  });

  it.each(NEST_COMPONENTS.map((c) => [c.name, c] as const))(
    'has %s export its traces to the collector over OTLP/HTTP, which the network policies let through',
    (_, component) => {
      const url = new URL(componentEnv('dev', component).OTEL_EXPORTER_OTLP_ENDPOINT);
      expect(url.hostname).toBe(service.metadata.name);
      const servicePort = service.spec.ports.find((p: { port: number }) => p.port === Number(url.port));
      expect(resolvePort(servicePort.targetPort, [container])).toBe(
        portOf(config.receivers.otlp.protocols.http.endpoint),
      );
      const policies = new NetworkPolicies(objects, namespace);
      const from = deploymentOf(objects, component).template;
      const to: Peer = { name: 'otel-collector', labels: template.metadata.labels, ports: container.ports };
      expect(policies.allows({ name: component.name, labels: from.metadata.labels }, to, 4318)).toBe(true);
      expect(
        policies.allows({ name: 'stranger', labels: { app: 'stranger' } }, to, 4318) ||
          policies.allows({ name: component.name, labels: from.metadata.labels }, to, 13133),
      ).toBe(false);
    },
  );
});
