import { BoundedBodyPipe } from './bounded-body.pipe';
import { ValidationFailedException } from './zod-body.pipe';

describe('the gateway body bound', () => {
  const pipe = new BoundedBodyPipe();
  const body = { type: 'body' as const };

  it('refuses a body nested 200,000 deep without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(200_000)}${']'.repeat(200_000)}`);
    expect(() => pipe.transform({ comment: deep }, body)).toThrow(ValidationFailedException);
  });

  it('passes an ordinary body, and anything that is not a body, as it is', () => {
    const cart = { productId: 'x', customization: { dynamicCustomizations: { sides: ['Front logo'] } } };
    expect(pipe.transform(cart, body)).toBe(cart);
    expect(pipe.transform('text', { type: 'query' })).toBe('text');
  });
});
