import { execFileSync } from 'node:child_process';
import { parseAllDocuments } from 'yaml';
import { readRepoFile, repoPath } from './repo';

export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  [key: string]: any;
};

export const OVERLAYS = ['dev', 'prod'] as const;
export type Overlay = (typeof OVERLAYS)[number];

export function parseYamlDocuments(text: string, what: string): K8sObject[] {
  return parseAllDocuments(text)
    .map((doc, i) => {
      if (doc.errors.length)
        throw new Error(`${what}, document ${i + 1}: ${doc.errors.map((e) => e.message).join('; ')}`);
      return doc.toJS() as K8sObject | null;
    })
    .filter((o): o is K8sObject => o !== null);
}

/**
 * Renders a kustomization with the kustomize built into kubectl, the tool operators apply it with.
 * Offline: kustomize reads only the files it is given.
 */
export function renderKustomization(dir: string): K8sObject[] {
  let out: string;
  try {
    out = execFileSync('kubectl', ['kustomize', repoPath(dir)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        'kubectl is not installed: the deploy checks render the manifests with `kubectl kustomize` (apt-get install kubectl)',
      );
    }
    throw new Error(`kubectl kustomize ${dir} failed:\n${(err as { stderr?: string }).stderr ?? err}`);
  }
  return parseYamlDocuments(out, `kubectl kustomize ${dir}`);
}

export const readManifest = (path: string) => parseYamlDocuments(readRepoFile(path), path);

export const byKind = (objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind);

export function findObject(objects: K8sObject[], kind: string, name: string): K8sObject {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`No ${kind} named ${name}`);
  return found;
}

/** The pod template of a workload (Deployment, StatefulSet, CronJob), if it has one. */
export function podTemplateOf(
  o: K8sObject,
): { metadata: { labels?: Record<string, string> }; spec: any } | undefined {
  if (o.kind === 'Deployment' || o.kind === 'StatefulSet' || o.kind === 'DaemonSet') return o.spec.template;
  if (o.kind === 'CronJob') return o.spec.jobTemplate.spec.template;
  if (o.kind === 'Job') return o.spec.template;
  return undefined;
}

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: {
    key: string;
    operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
    values?: string[];
  }[];
}

/** Kubernetes' label selector semantics; an empty selector selects everything. */
export function selects(selector: LabelSelector | undefined, labels: Record<string, string> = {}): boolean {
  if (!selector) return true;
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) if (labels[k] !== v) return false;
  for (const e of selector.matchExpressions ?? []) {
    const has = Object.prototype.hasOwnProperty.call(labels, e.key);
    if (e.operator === 'In' && !(has && e.values!.includes(labels[e.key]))) return false;
    if (e.operator === 'NotIn' && has && e.values!.includes(labels[e.key])) return false;
    if (e.operator === 'Exists' && !has) return false;
    if (e.operator === 'DoesNotExist' && has) return false;
  }
  return true;
}

/** Resolves a container port given by number or by name, as probes, Services and policies do. */
export function resolvePort(
  port: number | string,
  containers: { ports?: { name?: string; containerPort: number }[] }[],
): number | undefined {
  if (typeof port === 'number') return port;
  if (/^\d+$/.test(port)) return Number(port);
  for (const c of containers) for (const p of c.ports ?? []) if (p.name === port) return p.containerPort;
  return undefined;
}
