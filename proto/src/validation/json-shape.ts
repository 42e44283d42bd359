/**
 * The shape of a parsed JSON value, measured without recursion: a payload nested 200,000 deep
 * must be refused, not overflow the stack of whoever inspects it.
 */
export interface JsonShape {
  /** Levels of arrays and objects; a plain value is depth 0. */
  depth: number;
  /** Values counted, containers included. */
  nodes: number;
  /** The length of the longest string, object keys excluded. */
  longestText: number;
  /** True when the walk stopped at a limit, so the figures are lower bounds. */
  exceeded: boolean;
}

export interface JsonShapeLimits {
  maxDepth: number;
  maxNodes: number;
}

export function measureJson(value: unknown, limits: JsonShapeLimits): JsonShape {
  const shape: JsonShape = { depth: 0, nodes: 0, longestText: 0, exceeded: false };
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    shape.nodes += 1;
    if (shape.nodes > limits.maxNodes) return { ...shape, exceeded: true };
    if (typeof current === 'string') {
      shape.longestText = Math.max(shape.longestText, current.length);
    } else if (current !== null && typeof current === 'object') {
      const level = depth + 1;
      shape.depth = Math.max(shape.depth, level);
      if (level > limits.maxDepth) return { ...shape, exceeded: true };
      for (const child of Array.isArray(current) ? current : Object.values(current)) pending.push([child, level]);
    }
  }
  return shape;
}
