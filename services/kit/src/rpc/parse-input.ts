import type { ZodTypeAny, z } from 'zod';
import { validate } from '@shop/proto';
import { RpcError } from './rpc-error';

/**
 * Validates RPC input with a shared `@shop/proto` schema. The first problem is the message,
 * all of them are the details.
 */
export function parseInput<S extends ZodTypeAny>(schema: S, input: unknown): z.output<S> {
  const result = validate(schema, input);
  if (!result.ok) throw RpcError.badRequest(result.errors[0].message, result.errors);
  return result.data;
}
