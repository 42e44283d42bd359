import Ajv from 'ajv';
import ts from 'typescript';
import { join } from 'node:path';
import type { K8sObject } from './kubernetes';
import { ROOT } from './repo';

/**
 * Validation of rendered objects against the Kubernetes API, offline.
 * - Built-in kinds: the OpenAPI schemas bundled in `kubernetes-models` (types, required fields,
 *   formats), and, because those schemas let unknown fields through while `kubectl apply` (strict
 *   field validation) rejects them, the same package's TypeScript interfaces with excess-property
 *   checks: a misspelt or misplaced field is an error.
 * - The Prometheus Operator's kinds (ServiceMonitor, PodMonitor, PrometheusRule): the models of
 *   `@kubernetes-models/prometheus-operator`, generated from the operator's CRD schemas, checked the
 *   same two ways.
 * - Other operator kinds (CloudNativePG Cluster and ScheduledBackup, RabbitmqCluster, KEDA
 *   ScaledObject): apiVersion, kind, metadata and spec, the fields of their spec, and the shape of
 *   the fields this repository uses, written from each CRD's documented fields.
 */
export function validateObjects(objects: K8sObject[]): string[] {
  const errors: string[] = [];
  const builtIn: K8sObject[] = [];
  for (const o of objects) {
    const label = `${o.kind}/${o.metadata?.name}`;
    const crd = CUSTOM_RESOURCES[`${o.apiVersion}/${o.kind}`];
    if (crd) {
      if (!crd(o)) errors.push(`${label}: ${ajv.errorsText(crd.errors, { dataVar: label })}`);
      continue;
    }
    const model = modelClass(o);
    if (!model) {
      errors.push(`${label}: ${o.apiVersion} ${o.kind} is not a Kubernetes API kind`);
      continue;
    }
    try {
      new model(o).validate();
    } catch (err) {
      errors.push(`${label}: ${(err as Error).message}`);
    }
    builtIn.push(o);
  }
  return [...errors, ...strictFieldErrors(builtIn)];
}

type ModelClass = new (data: K8sObject) => { validate(): void };

/** API groups whose models come from a third-party package of kubernetes-models. */
const MODEL_PACKAGES: Record<string, string> = {
  'monitoring.coreos.com': '@kubernetes-models/prometheus-operator',
};

function modelPath(o: K8sObject): string {
  const group = o.apiVersion.includes('/') ? o.apiVersion.split('/')[0] : '';
  return `${MODEL_PACKAGES[group] ?? 'kubernetes-models'}/${o.apiVersion}/${o.kind}`;
}

function modelClass(o: K8sObject): ModelClass | undefined {
  if (typeof o.apiVersion !== 'string' || typeof o.kind !== 'string') return undefined;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(modelPath(o))[o.kind] as ModelClass;
  } catch {
    return undefined;
  }
}

function strictFieldErrors(objects: K8sObject[]): string[] {
  if (!objects.length) return [];
  const file = join(ROOT, 'e2e', 'deploy', '__rendered_manifests__.ts');
  const lines: string[] = [];
  const owner: { from: number; label: string }[] = [];
  objects.forEach((o, i) => {
    lines.push(`import type { I${o.kind} as T${i} } from '${modelPath(o)}';`);
  });
  objects.forEach((o, i) => {
    owner.push({ from: lines.length, label: `${o.kind}/${o.metadata.name}` });
    lines.push(...`export const o${i}: T${i} = ${JSON.stringify(o, null, 2)};`.split('\n'));
  });
  const source = lines.join('\n');
  const options: ts.CompilerOptions = {
    noEmit: true,
    strict: true,
    skipLibCheck: true,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    name === file ? ts.createSourceFile(name, source, language) : getSourceFile(name, language, ...rest);
  host.fileExists = (name) => name === file || fileExists(name);
  const program = ts.createProgram([file], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (d.file?.fileName !== file || d.start === undefined) return message;
    const { line } = d.file.getLineAndCharacterOfPosition(d.start);
    const label = [...owner].reverse().find((o) => o.from <= line)?.label ?? 'imports';
    return `${label}: ${lines[line].trim()} -> ${message}`;
  });
}

const ajv = new Ajv({ allErrors: true, strict: false });

const stringMap = { type: 'object', additionalProperties: { type: 'string' } };
const quantity = {
  anyOf: [{ type: 'string', pattern: '^[0-9.]+([numkMGTPE]|[KMGTPE]i)?$' }, { type: 'number' }],
};
const resources = {
  type: 'object',
  additionalProperties: false,
  properties: {
    requests: { type: 'object', additionalProperties: quantity },
    limits: { type: 'object', additionalProperties: quantity },
    claims: { type: 'array' },
  },
};
const secretKeySelector = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'key'],
  properties: { name: { type: 'string', minLength: 1 }, key: { type: 'string', minLength: 1 } },
};
const metadata = {
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string', minLength: 1 },
    namespace: { type: 'string' },
    labels: stringMap,
    annotations: stringMap,
  },
};

/** Fields of CloudNativePG's Cluster spec (postgresql.cnpg.io/v1). */
const CNPG_CLUSTER_FIELDS = [
  'affinity',
  'backup',
  'bootstrap',
  'certificates',
  'description',
  'enablePDB',
  'enableSuperuserAccess',
  'env',
  'envFrom',
  'ephemeralVolumeSource',
  'ephemeralVolumesSizeLimit',
  'externalClusters',
  'failoverDelay',
  'imageCatalogRef',
  'imageName',
  'imagePullPolicy',
  'imagePullSecrets',
  'inheritedMetadata',
  'instances',
  'livenessProbeTimeout',
  'logLevel',
  'managed',
  'maxSyncReplicas',
  'minSyncReplicas',
  'monitoring',
  'nodeMaintenanceWindow',
  'plugins',
  'postgresGID',
  'postgresUID',
  'postgresql',
  'primaryUpdateMethod',
  'primaryUpdateStrategy',
  'priorityClassName',
  'probes',
  'projectedVolumeTemplate',
  'replica',
  'replicationSlots',
  'resources',
  'schedulerName',
  'seccompProfile',
  'serviceAccountTemplate',
  'smartShutdownTimeout',
  'startDelay',
  'stopDelay',
  'storage',
  'superuserSecret',
  'switchoverDelay',
  'tablespaces',
  'topologySpreadConstraints',
  'walStorage',
];

/** Fields of the RabbitMQ Cluster Operator's RabbitmqCluster spec (rabbitmq.com/v1beta1). */
const RABBITMQ_CLUSTER_FIELDS = [
  'affinity',
  'autoEnableAllFeatureFlags',
  'delayStartSeconds',
  'image',
  'imagePullSecrets',
  'override',
  'persistence',
  'rabbitmq',
  'replicas',
  'resources',
  'secretBackend',
  'service',
  'skipPostDeploySteps',
  'terminationGracePeriodSeconds',
  'tls',
  'tolerations',
];

const CUSTOM_RESOURCES: Record<string, ReturnType<typeof ajv.compile>> = {
  'postgresql.cnpg.io/v1/Cluster': ajv.compile({
    type: 'object',
    required: ['apiVersion', 'kind', 'metadata', 'spec'],
    properties: {
      metadata,
      spec: {
        type: 'object',
        required: ['instances', 'storage'],
        propertyNames: { enum: CNPG_CLUSTER_FIELDS },
        properties: {
          instances: { type: 'integer', minimum: 1 },
          imageName: { type: 'string' },
          primaryUpdateStrategy: { enum: ['unsupervised', 'supervised'] },
          storage: {
            type: 'object',
            required: ['size'],
            properties: { size: quantity, storageClass: { type: 'string' } },
          },
          bootstrap: {
            type: 'object',
            additionalProperties: false,
            properties: {
              initdb: {
                type: 'object',
                properties: {
                  database: { type: 'string' },
                  owner: { type: 'string' },
                  secret: { type: 'object', required: ['name'] },
                  postInitSQL: { type: 'array', items: { type: 'string' } },
                  postInitApplicationSQL: { type: 'array', items: { type: 'string' } },
                  postInitTemplateSQL: { type: 'array', items: { type: 'string' } },
                },
              },
              recovery: { type: 'object' },
              pg_basebackup: { type: 'object' },
            },
          },
          inheritedMetadata: {
            type: 'object',
            additionalProperties: false,
            properties: { labels: stringMap, annotations: stringMap },
          },
          postgresql: { type: 'object', properties: { parameters: stringMap } },
          resources,
          backup: {
            type: 'object',
            additionalProperties: false,
            properties: {
              retentionPolicy: { type: 'string', pattern: '^[1-9][0-9]*[dwm]$' },
              target: { enum: ['primary', 'prefer-standby'] },
              volumeSnapshot: { type: 'object' },
              barmanObjectStore: {
                type: 'object',
                additionalProperties: false,
                required: ['destinationPath'],
                properties: {
                  destinationPath: { type: 'string', minLength: 1 },
                  endpointURL: { type: 'string', pattern: '^https?://' },
                  serverName: { type: 'string' },
                  s3Credentials: {
                    type: 'object',
                    additionalProperties: false,
                    properties: {
                      accessKeyId: secretKeySelector,
                      secretAccessKey: secretKeySelector,
                      region: secretKeySelector,
                      sessionToken: secretKeySelector,
                      inheritFromIAMRole: { type: 'boolean' },
                    },
                  },
                  azureCredentials: { type: 'object' },
                  googleCredentials: { type: 'object' },
                  endpointCA: secretKeySelector,
                  tags: stringMap,
                  historyTags: stringMap,
                  wal: {
                    type: 'object',
                    additionalProperties: false,
                    properties: {
                      compression: { enum: ['bzip2', 'gzip', 'lz4', 'snappy', 'xz', 'zstd'] },
                      encryption: { enum: ['AES256', 'aws:kms'] },
                      maxParallel: { type: 'integer', minimum: 1 },
                    },
                  },
                  data: {
                    type: 'object',
                    additionalProperties: false,
                    properties: {
                      compression: { enum: ['bzip2', 'gzip', 'lz4', 'snappy', 'xz', 'zstd'] },
                      encryption: { enum: ['AES256', 'aws:kms'] },
                      immediateCheckpoint: { type: 'boolean' },
                      jobs: { type: 'integer', minimum: 1 },
                      additionalCommandArgs: { type: 'array', items: { type: 'string' } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  }),
  'postgresql.cnpg.io/v1/ScheduledBackup': ajv.compile({
    type: 'object',
    required: ['apiVersion', 'kind', 'metadata', 'spec'],
    properties: {
      metadata,
      spec: {
        type: 'object',
        additionalProperties: false,
        required: ['schedule', 'cluster'],
        properties: {
          // Six fields, seconds first (robfig/cron), unlike a CronJob's five.
          schedule: { type: 'string', pattern: '^\\S+( \\S+){5}$' },
          cluster: {
            type: 'object',
            additionalProperties: false,
            required: ['name'],
            properties: { name: { type: 'string' } },
          },
          immediate: { type: 'boolean' },
          suspend: { type: 'boolean' },
          backupOwnerReference: { enum: ['none', 'self', 'cluster'] },
          method: { enum: ['barmanObjectStore', 'volumeSnapshot', 'plugin'] },
          target: { enum: ['primary', 'prefer-standby'] },
          online: { type: 'boolean' },
          onlineConfiguration: { type: 'object' },
          pluginConfiguration: { type: 'object' },
        },
      },
    },
  }),
  'keda.sh/v1alpha1/ScaledObject': ajv.compile({
    type: 'object',
    required: ['apiVersion', 'kind', 'metadata', 'spec'],
    properties: {
      metadata,
      spec: {
        type: 'object',
        additionalProperties: false,
        required: ['scaleTargetRef', 'triggers'],
        properties: {
          scaleTargetRef: {
            type: 'object',
            additionalProperties: false,
            required: ['name'],
            properties: {
              apiVersion: { type: 'string' },
              kind: { type: 'string' },
              name: { type: 'string', minLength: 1 },
              envSourceContainerName: { type: 'string' },
            },
          },
          pollingInterval: { type: 'integer', minimum: 1 },
          cooldownPeriod: { type: 'integer', minimum: 0 },
          initialCooldownPeriod: { type: 'integer', minimum: 0 },
          idleReplicaCount: { type: 'integer', minimum: 0 },
          minReplicaCount: { type: 'integer', minimum: 0 },
          maxReplicaCount: { type: 'integer', minimum: 1 },
          fallback: { type: 'object', required: ['failureThreshold', 'replicas'] },
          advanced: {
            type: 'object',
            additionalProperties: false,
            properties: {
              restoreToOriginalReplicaCount: { type: 'boolean' },
              horizontalPodAutoscalerConfig: {
                type: 'object',
                additionalProperties: false,
                properties: { name: { type: 'string' }, behavior: { type: 'object' } },
              },
              scalingModifiers: { type: 'object' },
            },
          },
          triggers: {
            type: 'array',
            minItems: 1,
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['type', 'metadata'],
              properties: {
                type: { type: 'string' },
                name: { type: 'string' },
                metadata: stringMap,
                metricType: { enum: ['AverageValue', 'Value', 'Utilization'] },
                useCachedMetrics: { type: 'boolean' },
                authenticationRef: {
                  type: 'object',
                  required: ['name'],
                  properties: {
                    name: { type: 'string' },
                    kind: { enum: ['TriggerAuthentication', 'ClusterTriggerAuthentication'] },
                  },
                },
              },
            },
          },
        },
      },
    },
  }),
  'rabbitmq.com/v1beta1/RabbitmqCluster': ajv.compile({
    type: 'object',
    required: ['apiVersion', 'kind', 'metadata', 'spec'],
    properties: {
      metadata,
      spec: {
        type: 'object',
        propertyNames: { enum: RABBITMQ_CLUSTER_FIELDS },
        properties: {
          replicas: { type: 'integer', minimum: 1 },
          image: { type: 'string' },
          persistence: {
            type: 'object',
            additionalProperties: false,
            properties: { storage: quantity, storageClassName: { type: 'string' } },
          },
          resources,
          override: {
            type: 'object',
            additionalProperties: false,
            properties: {
              statefulSet: {
                type: 'object',
                properties: {
                  spec: {
                    type: 'object',
                    properties: {
                      template: {
                        type: 'object',
                        properties: {
                          metadata: {
                            type: 'object',
                            additionalProperties: false,
                            properties: { labels: stringMap, annotations: stringMap },
                          },
                        },
                      },
                    },
                  },
                },
              },
              service: { type: 'object' },
            },
          },
        },
      },
    },
  }),
};

/** Keys of the Secrets each operator writes, by the name it gives them. */
export function operatorSecrets(objects: K8sObject[]): Record<string, string[]> {
  const secrets: Record<string, string[]> = {};
  for (const o of objects) {
    if (o.apiVersion === 'postgresql.cnpg.io/v1' && o.kind === 'Cluster') {
      // The application owner's credentials (CloudNativePG, "Connecting from an application").
      secrets[`${o.metadata.name}-app`] = [
        'username',
        'password',
        'host',
        'port',
        'dbname',
        'uri',
        'jdbc-uri',
        'pgpass',
      ];
    }
    if (o.apiVersion === 'rabbitmq.com/v1beta1' && o.kind === 'RabbitmqCluster') {
      // The default user's Secret, a service-binding "provisioned service".
      secrets[`${o.metadata.name}-default-user`] = [
        'username',
        'password',
        'host',
        'port',
        'provider',
        'type',
        'default_user.conf',
      ];
    }
  }
  return secrets;
}

/** The pods an operator runs for its custom resource, with the labels it gives them. */
export function operatorPods(
  objects: K8sObject[],
): { name: string; labels: Record<string, string>; ports: { name: string; containerPort: number }[] }[] {
  const pods = [];
  for (const o of objects) {
    if (o.apiVersion === 'postgresql.cnpg.io/v1' && o.kind === 'Cluster') {
      pods.push({
        name: `${o.metadata.name} (CloudNativePG instance)`,
        labels: {
          'cnpg.io/cluster': o.metadata.name,
          'cnpg.io/podRole': 'instance',
          ...(o.spec.inheritedMetadata?.labels ?? {}),
        },
        // The instance manager's ports: PostgreSQL, its status API, and its Prometheus exporter.
        ports: [
          { name: 'postgresql', containerPort: 5432 },
          { name: 'status', containerPort: 8000 },
          { name: 'metrics', containerPort: 9187 },
        ],
      });
    }
    if (o.apiVersion === 'rabbitmq.com/v1beta1' && o.kind === 'RabbitmqCluster') {
      pods.push({
        name: `${o.metadata.name} (RabbitMQ node)`,
        labels: {
          'app.kubernetes.io/name': o.metadata.name,
          'app.kubernetes.io/component': 'rabbitmq',
          'app.kubernetes.io/part-of': 'rabbitmq',
          ...(o.spec.override?.statefulSet?.spec?.template?.metadata?.labels ?? {}),
        },
        // The node's ports as the operator names them; prometheus is the rabbitmq_prometheus plugin's.
        ports: [
          { name: 'amqp', containerPort: 5672 },
          { name: 'management', containerPort: 15672 },
          { name: 'prometheus', containerPort: 15692 },
        ],
      });
    }
  }
  return pods;
}
