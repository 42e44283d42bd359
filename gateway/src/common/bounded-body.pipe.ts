import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { measureJson } from '@shop/proto';
import { ValidationFailedException } from './zod-body.pipe';

/** Deeper than any body of this API: what no schema would accept, and what JSON.stringify cannot send on. */
export const BODY_MAX_DEPTH = 32;
export const BODY_TOO_DEEP = `The request body may be nested at most ${BODY_MAX_DEPTH} levels deep`;

/**
 * Every JSON body, validated by a schema or passed on as it came, is measured without recursion
 * first: a body nested 200,000 deep would otherwise overflow the stack of whatever walks it next
 * (a schema, the RPC client's JSON.stringify).
 */
@Injectable()
export class BoundedBodyPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type !== 'body' || value === null || typeof value !== 'object') return value;
    if (measureJson(value, { maxDepth: BODY_MAX_DEPTH, maxNodes: Number.MAX_SAFE_INTEGER }).exceeded)
      throw new ValidationFailedException([{ field: '', message: BODY_TOO_DEEP }]);
    return value;
  }
}
