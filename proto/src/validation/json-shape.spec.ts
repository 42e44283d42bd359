import { customizationSchema } from '../cart/cart.schemas';
import { measureJson } from './json-shape';
import { validate } from './validate';

/** `{"a":{"a":...}}` `depth` levels deep, built without recursion. */
function nested(depth: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

describe('measuring JSON without recursion', () => {
  it('counts depth, values and the longest text', () => {
    expect(measureJson({ a: ['xy', { b: 'xyz' }], c: 1 }, { maxDepth: 10, maxNodes: 100 })).toEqual({
      depth: 3,
      nodes: 6,
      longestText: 3,
      exceeded: false,
    });
  });

  it('stops at the limits on a value nested 200,000 deep', () => {
    const shape = measureJson(nested(200_000), { maxDepth: 8, maxNodes: 2000 });
    expect(shape.exceeded).toBe(true);
    expect(shape.depth).toBe(9);
  });

  it('refuses a customization nested 200,000 deep with a 400 message, not a stack overflow', () => {
    const result = validate(customizationSchema, { dynamicCustomizations: { deep: nested(200_000) } });
    expect(result).toEqual({
      ok: false,
      errors: [{ field: '', message: 'A customization may be nested at most 8 levels deep' }],
    });
  });

  it('refuses a customization of too many values', () => {
    const many = Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`o${i}`, 'x']));
    expect(validate(customizationSchema, { dynamicCustomizations: many })).toMatchObject({
      ok: false,
      errors: [{ message: 'This customization is too large' }],
    });
  });
});
