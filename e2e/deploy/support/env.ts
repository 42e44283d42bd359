/** Environment as Kubernetes and Docker Compose hand it to a process. */

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    configMapKeyRef?: { name: string; key: string; optional?: boolean };
    secretKeyRef?: { name: string; key: string; optional?: boolean };
    fieldRef?: { fieldPath: string };
  };
}

export interface EnvFromSource {
  prefix?: string;
  configMapRef?: { name: string; optional?: boolean };
  secretRef?: { name: string; optional?: boolean };
}

export interface EnvSources {
  configMap(name: string): Record<string, string> | undefined;
  secret(name: string): Record<string, string> | undefined;
}

/**
 * Kubernetes' `$(NAME)` expansion: a reference to a variable defined before it is replaced,
 * `$$` is a literal `$`, and anything else is left as written.
 */
export function expandKubernetes(value: string, defined: Record<string, string>): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c !== '$' || i + 1 >= value.length) {
      out += c;
    } else if (value[i + 1] === '$') {
      out += '$';
      i++;
    } else if (value[i + 1] === '(') {
      const close = value.indexOf(')', i + 2);
      if (close === -1) {
        out += value.slice(i);
        break;
      }
      const name = value.slice(i + 2, close);
      out += Object.prototype.hasOwnProperty.call(defined, name) ? defined[name] : `$(${name})`;
      i = close;
    } else {
      out += c;
    }
  }
  return out;
}

/** The names a value refers to with `$(NAME)`. */
export function kubernetesReferences(value: string): string[] {
  return [...value.replace(/\$\$/g, '').matchAll(/\$\(([A-Za-z_][A-Za-z0-9_.-]*)\)/g)].map((m) => m[1]);
}

/**
 * The environment a container starts with: `envFrom` sources in order, then `env` entries in
 * order, each later definition replacing an earlier one, with `$(NAME)` expanded as the kubelet
 * does. A reference to a missing ConfigMap, Secret or key throws unless marked optional.
 */
export function resolveContainerEnv(
  container: { name: string; env?: EnvVar[]; envFrom?: EnvFromSource[] },
  sources: EnvSources,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const from of container.envFrom ?? []) {
    const ref = from.configMapRef ?? from.secretRef;
    const kind = from.configMapRef ? 'ConfigMap' : 'Secret';
    if (!ref) throw new Error(`${container.name}: envFrom without configMapRef or secretRef`);
    const data = from.configMapRef ? sources.configMap(ref.name) : sources.secret(ref.name);
    if (!data) {
      if (ref.optional) continue;
      throw new Error(`${container.name}: envFrom names ${kind} ${ref.name}, which does not exist`);
    }
    for (const [key, value] of Object.entries(data)) env[`${from.prefix ?? ''}${key}`] = value;
  }
  for (const item of container.env ?? []) {
    if (item.valueFrom) {
      const ref = item.valueFrom.configMapKeyRef ?? item.valueFrom.secretKeyRef;
      if (!ref)
        throw new Error(
          `${container.name}: ${item.name} takes its value from something other than a ConfigMap or Secret`,
        );
      const kind = item.valueFrom.configMapKeyRef ? 'ConfigMap' : 'Secret';
      const data = item.valueFrom.configMapKeyRef ? sources.configMap(ref.name) : sources.secret(ref.name);
      const value = data?.[ref.key];
      if (value === undefined) {
        if (ref.optional) continue;
        throw new Error(
          `${container.name}: ${item.name} refers to key ${ref.key} of ${kind} ${ref.name}, which does not exist`,
        );
      }
      env[item.name] = value;
    } else {
      env[item.name] = expandKubernetes(item.value ?? '', env);
    }
  }
  return env;
}

/** A `.env` file as Docker Compose reads it: NAME=value lines, `#` comments, optional quotes. */
export function parseDotEnv(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq === -1) throw new Error(`Not a NAME=value line: ${line}`);
    const value = line.slice(eq + 1).trim();
    const quoted = /^(['"])(.*)\1$/.exec(value);
    vars[line.slice(0, eq).trim()] = quoted ? quoted[2] : value;
  }
  return vars;
}

export class InterpolationError extends Error {}

/**
 * Docker Compose's interpolation of one string: `$$`, `$NAME`, `${NAME}`, `${NAME:-default}`,
 * `${NAME-default}`, `${NAME:?message}`, `${NAME?message}`, `${NAME:+other}`, `${NAME+other}`.
 * A variable set to the empty string counts as unset for the forms with a colon.
 */
export function interpolateCompose(text: string, vars: Record<string, string | undefined>): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '$') {
      out += text[i];
      continue;
    }
    const next = text[i + 1];
    if (next === '$') {
      out += '$';
      i++;
      continue;
    }
    if (next === '{') {
      const close = text.indexOf('}', i + 2);
      if (close === -1) throw new InterpolationError(`Unclosed \${ in "${text}"`);
      const body = text.slice(i + 2, close);
      const m = /^([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?+])(.*))?$/s.exec(body);
      if (!m) throw new InterpolationError(`Invalid interpolation \${${body}} in "${text}"`);
      const [, name, colon, op, arg] = m;
      const value = vars[name];
      const unset = value === undefined || (colon === ':' && value === '');
      if (!op) out += value ?? '';
      else if (op === '-') out += unset ? arg : value;
      else if (op === '?') {
        if (unset) throw new InterpolationError(`${name}: ${arg || 'required variable is missing a value'}`);
        out += value;
      } else out += unset ? '' : arg;
      i = close;
      continue;
    }
    const bare = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i + 1));
    if (bare) {
      out += vars[bare[0]] ?? '';
      i += bare[0].length;
    } else {
      out += '$';
    }
  }
  return out;
}

/** Interpolates every string value of a parsed compose file (keys are left as written). */
export function interpolateTree<T>(node: T, vars: Record<string, string | undefined>): T {
  if (typeof node === 'string') return interpolateCompose(node, vars) as T;
  if (Array.isArray(node)) return node.map((n) => interpolateTree(n, vars)) as T;
  if (node && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, interpolateTree(v, vars)])) as T;
  }
  return node;
}
