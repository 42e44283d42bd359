import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { stringify } from 'yaml';
import type { Component } from './components';
import { EnvSources, resolveContainerEnv } from './env';
import { K8sObject, Overlay, podTemplateOf, readManifest, renderKustomization } from './kubernetes';
import { operatorSecrets } from './kubernetes-schema';
import { repoPath } from './repo';

export const OVERLAY_NAMESPACE: Record<Overlay, string> = { dev: 'shop-dev', prod: 'shop' };

export const secretExamplePath = (overlay: Overlay) => `deploy/overlays/${overlay}/secret.example.yaml`;

const rendered = new Map<string, K8sObject[]>();

/** `kubectl kustomize deploy/<dir>`, once per test file. */
export function render(dir: 'base' | `overlays/${Overlay}`): K8sObject[] {
  if (!rendered.has(dir)) rendered.set(dir, renderKustomization(`deploy/${dir}`));
  return rendered.get(dir)!;
}

export const renderOverlay = (overlay: Overlay) => render(`overlays/${overlay}`);

/** The Secrets an operator of the shop makes by copying secret.example.yaml. */
export function exampleSecrets(overlay: Overlay): Record<string, Record<string, string>> {
  const secrets: Record<string, Record<string, string>> = {};
  for (const o of readManifest(secretExamplePath(overlay))) {
    if (o.kind !== 'Secret') throw new Error(`${secretExamplePath(overlay)} holds a ${o.kind}`);
    secrets[o.metadata.name] = { ...(o.stringData ?? {}) };
  }
  return secrets;
}

/**
 * Values shaped like those the operators generate (CloudNativePG's alphanumeric passwords and
 * URI, the RabbitMQ operator's URL-safe base64 user and password), for the Secrets they write.
 */
function operatorSecretValues(
  objects: K8sObject[],
  namespace: string,
): Record<string, Record<string, string>> {
  const values: Record<string, Record<string, string>> = {};
  for (const o of objects) {
    if (o.apiVersion === 'postgresql.cnpg.io/v1' && o.kind === 'Cluster') {
      const owner = o.spec.bootstrap?.initdb?.owner ?? 'app';
      const database = o.spec.bootstrap?.initdb?.database ?? 'app';
      const host = `${o.metadata.name}-rw`;
      const password = 'Qm7bX2kR9vT4wZ8pL3nC6dF1gH5jK0sY';
      values[`${o.metadata.name}-app`] = {
        username: owner,
        password,
        host,
        port: '5432',
        dbname: database,
        uri: `postgresql://${owner}:${password}@${host}.${namespace}:5432/${database}`,
        'jdbc-uri': `jdbc:postgresql://${host}.${namespace}:5432/${database}?password=${password}&user=${owner}`,
        pgpass: `${host}:5432:${database}:${owner}:${password}\n`,
      };
    }
    if (o.apiVersion === 'rabbitmq.com/v1beta1' && o.kind === 'RabbitmqCluster') {
      const username = 'default_user_Xy-3kP_9qLm2Rt7vWb4nZ';
      const password = 'Tq9-Lw_2mZ7xRk4Pb8Ns1Vc6Hd3Jf0Ga';
      values[`${o.metadata.name}-default-user`] = {
        username,
        password,
        host: `${o.metadata.name}.${namespace}.svc`,
        port: '5672',
        provider: 'rabbitmq',
        type: 'rabbitmq',
        'default_user.conf': `default_user = ${username}\ndefault_pass = ${password}`,
      };
    }
  }
  for (const [name, keys] of Object.entries(operatorSecrets(objects))) {
    const missing = keys.filter((k) => values[name]?.[k] === undefined);
    if (missing.length) throw new Error(`No example value for ${name} ${missing.join(', ')}`);
  }
  return values;
}

/** Where a container's ConfigMaps and Secrets come from in an overlay, as an operator deploys it. */
export function envSources(overlay: Overlay): EnvSources {
  const objects = renderOverlay(overlay);
  const secrets = {
    ...operatorSecretValues(objects, OVERLAY_NAMESPACE[overlay]),
    ...exampleSecrets(overlay),
  };
  return {
    configMap: (name) => objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === name)?.data,
    secret: (name) => secrets[name],
  };
}

export function workload(objects: K8sObject[], kind: string, name: string) {
  const found = objects.filter((o) => o.kind === kind && o.metadata.name === name);
  if (found.length !== 1) throw new Error(`Expected one ${kind} named ${name}, found ${found.length}`);
  const template = podTemplateOf(found[0])!;
  return { object: found[0], template, spec: template.spec, container: template.spec.containers[0] };
}

export const deploymentOf = (objects: K8sObject[], component: Component) =>
  workload(objects, 'Deployment', component.name);

/** The environment a component's container starts with in an overlay. */
export function componentEnv(overlay: Overlay, component: Component): Record<string, string> {
  return resolveContainerEnv(deploymentOf(renderOverlay(overlay), component).container, envSources(overlay));
}

/**
 * An overlay with optional components (deploy/components/*) added, as an operator includes them
 * under `components:` in the overlay: rendered from a throw-away kustomization beside it.
 */
export function renderWithComponents(overlay: Overlay, components: string[]): K8sObject[] {
  const dir = mkdtempSync(join(tmpdir(), 'shop-kustomize-'));
  try {
    const fromDir = (path: string) => relative(dir, repoPath(path));
    writeFileSync(
      join(dir, 'kustomization.yaml'),
      stringify({
        apiVersion: 'kustomize.config.k8s.io/v1beta1',
        kind: 'Kustomization',
        namespace: OVERLAY_NAMESPACE[overlay],
        resources: [fromDir(`deploy/overlays/${overlay}`)],
        components: components.map((c) => fromDir(`deploy/components/${c}`)),
      }),
    );
    return renderKustomization(relative(repoPath(), dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
