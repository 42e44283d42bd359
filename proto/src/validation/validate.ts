import type { ZodTypeAny, z } from 'zod';
import type { FieldError } from '../errors';

export type Validated<T> = { ok: true; data: T } | { ok: false; errors: FieldError[] };

/** Runs a shared schema and reports each problem once, in the order the schema declares them. */
export function validate<S extends ZodTypeAny>(schema: S, input: unknown): Validated<z.output<S>> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return { ok: true, data: result.data };
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const issue of result.error.issues) {
    const field = issue.path.join('.');
    const key = `${field}\u0000${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    errors.push({ field, message: issue.message });
  }
  return { ok: false, errors };
}
