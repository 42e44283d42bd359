/** Just enough of a Dockerfile reader to check what the images are built from and run. */

export interface Instruction {
  keyword: string;
  args: string;
  line: number;
}

export interface Stage {
  from: string;
  name?: string;
  instructions: Instruction[];
}

/** Instructions Docker keeps as written: their variables, if any, are the container's, not the build's. */
const NOT_EXPANDED = new Set(['CMD', 'ENTRYPOINT', 'HEALTHCHECK', 'SHELL', 'ONBUILD']);

/**
 * Reads a Dockerfile as built with `buildArgs`: each stage's ARG and ENV values replace `$NAME`
 * and `${NAME}` in the instructions after them, as Docker does (and, in RUN, as the shell does,
 * which sees them as variables). Exec-form CMD, ENTRYPOINT and HEALTHCHECK stay as written, and
 * so does FROM: ARGs before the first FROM are not read.
 * A reference to an ARG with neither a default nor a build argument throws: that build fails or
 * builds something else.
 */
export function parseDockerfile(text: string, buildArgs: Record<string, string> = {}): Stage[] {
  const stages: Stage[] = [];
  let values = new Map<string, string | undefined>();
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const start = i;
    let line = lines[i].trim();
    if (!line || line.startsWith('#')) continue;
    // Continuation lines may be interrupted by comments, as BuildKit allows.
    while (line.endsWith('\\') && i + 1 < lines.length) {
      line = line.slice(0, -1);
      i++;
      let next = lines[i].trim();
      while (next.startsWith('#') && i + 1 < lines.length) next = lines[++i].trim();
      if (!next.startsWith('#')) line += ` ${next}`;
    }
    const m = /^(\S+)\s*(.*)$/s.exec(line)!;
    const keyword = m[1].toUpperCase();
    const written = m[2].replace(/\s+/g, ' ').trim();
    const args =
      NOT_EXPANDED.has(keyword) || keyword === 'FROM' ? written : expand(written, values, start + 1);
    const instruction = { keyword, args, line: start + 1 };
    if (keyword === 'FROM') {
      const from = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      if (!from) throw new Error(`Line ${start + 1}: cannot read FROM ${args}`);
      stages.push({ from: from[1], name: from[2], instructions: [] });
      values = new Map();
      continue;
    }
    if (!stages.length) throw new Error(`Line ${start + 1}: ${keyword} before FROM`);
    stages[stages.length - 1].instructions.push(instruction);
    if (keyword === 'ARG') {
      for (const [name, fallback] of parseArg(args)) values.set(name, buildArgs[name] ?? fallback);
    } else if (keyword === 'ENV') {
      for (const [name, value] of Object.entries(parseEnv(args))) values.set(name, value);
    }
  }
  return stages;
}

/** `ARG A B=default`: each name with its default, if it has one. */
function parseArg(args: string): [string, string | undefined][] {
  return args.split(' ').map((word) => {
    const eq = word.indexOf('=');
    return eq === -1 ? [word, undefined] : [word.slice(0, eq), word.slice(eq + 1).replace(/^"(.*)"$/, '$1')];
  });
}

/** Replaces references to the stage's ARGs and ENVs; others (the base image's, the shell's) stay. */
function expand(args: string, values: Map<string, string | undefined>, line: number): string {
  return args.replace(/\$(?:\{(\w+)\}|(\w+))/g, (reference, braced?: string, bare?: string) => {
    const name = (braced ?? bare)!;
    if (!values.has(name)) return reference;
    const value = values.get(name);
    if (value === undefined) throw new Error(`Line ${line}: ${name} has no value: pass --build-arg ${name}`);
    return value;
  });
}

export const finalStage = (stages: Stage[]) => stages[stages.length - 1];

export const instructionsOf = (stage: Stage, keyword: string) =>
  stage.instructions.filter((i) => i.keyword === keyword);

/** CMD, ENTRYPOINT and HEALTHCHECK CMD in exec (JSON array) form. */
export function execForm(args: string): string[] {
  const json = args.replace(/^(?:--\S+\s+)*(?:CMD\s+)?/i, '');
  const parsed = JSON.parse(json) as unknown;
  if (!Array.isArray(parsed) || !parsed.every((p) => typeof p === 'string'))
    throw new Error(`Not an exec form: ${args}`);
  return parsed;
}

export interface Copy {
  from?: string;
  sources: string[];
  destination: string;
}

export function parseCopy(args: string): Copy {
  const words = args.split(' ');
  let from: string | undefined;
  while (words[0]?.startsWith('--')) {
    const flag = words.shift()!;
    if (flag.startsWith('--from=')) from = flag.slice('--from='.length);
  }
  const destination = words.pop();
  if (!destination || !words.length) throw new Error(`COPY needs a source and a destination: ${args}`);
  return { from, sources: words, destination };
}

/** ENV in its `NAME=value NAME2=value2` form. */
export function parseEnv(args: string): Record<string, string> {
  return Object.fromEntries(
    args.split(' ').map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) throw new Error(`ENV needs NAME=value: ${args}`);
      return [pair.slice(0, eq), pair.slice(eq + 1).replace(/^"(.*)"$/, '$1')];
    }),
  );
}

export const stageNamed = (stages: Stage[], name: string) => {
  const stage = stages.find((s) => s.name === name);
  if (!stage) throw new Error(`No stage named ${name}`);
  return stage;
};
export const runsOf = (stage: Stage) => instructionsOf(stage, 'RUN').map((i) => i.args);
export const copiesOf = (stage: Stage) => instructionsOf(stage, 'COPY').map((i) => parseCopy(i.args));
export const envOf = (stage: Stage) =>
  Object.assign({}, ...instructionsOf(stage, 'ENV').map((i) => parseEnv(i.args))) as Record<string, string>;
/** The last USER of a stage: who its container runs as. */
export const userOf = (stage: Stage) => instructionsOf(stage, 'USER').at(-1)?.args;
