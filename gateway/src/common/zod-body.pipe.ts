import { BadRequestException, PipeTransform } from '@nestjs/common';
import { FieldError, validate } from '@shop/proto';
import type { ZodTypeAny, z } from 'zod';

export class ValidationFailedException extends BadRequestException {
  constructor(readonly errors: FieldError[]) {
    super(errors[0]?.message ?? 'Validation failed');
  }
}

/** Validates a request body with the same `@shop/proto` schema the owning service uses. */
export class ZodBody<S extends ZodTypeAny> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}
  transform(value: unknown): z.output<S> {
    const result = validate(this.schema, value);
    if (!result.ok) throw new ValidationFailedException(result.errors);
    return result.data;
  }
}
