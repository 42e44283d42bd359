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

export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
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
    const instruction = {
      keyword: m[1].toUpperCase(),
      args: m[2].replace(/\s+/g, ' ').trim(),
      line: start + 1,
    };
    if (instruction.keyword === 'FROM') {
      const from = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction.args);
      if (!from) throw new Error(`Line ${start + 1}: cannot read FROM ${instruction.args}`);
      stages.push({ from: from[1], name: from[2], instructions: [] });
    } else {
      if (!stages.length) throw new Error(`Line ${start + 1}: ${instruction.keyword} before FROM`);
      stages[stages.length - 1].instructions.push(instruction);
    }
  }
  return stages;
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
