import type { ResolverOptions } from 'react-hook-form';
import { z } from 'zod';
import { zodResolver } from './zodResolver';

type Form = { email: string; address: { pinCode: string } };

const schema = z.object({
  email: z.string().email('Please enter a valid email').min(6, 'Too short'),
  address: z.object({ pinCode: z.string().regex(/^\d{6}$/, 'Pin code must be 6 digits') }),
});

const options = {} as ResolverOptions<Form>;

describe('zodResolver', () => {
  it('passes valid values through with no errors', async () => {
    const values = { email: 'asha@example.in', address: { pinCode: '560001' } };
    expect(await zodResolver<Form>(schema)(values, undefined, options)).toEqual({ values, errors: {} });
  });

  it("names each failing field by its dotted path with the schema's first message", async () => {
    const result = await zodResolver<Form>(schema)(
      { email: 'a@b', address: { pinCode: '12' } },
      undefined,
      options,
    );
    expect(result.values).toEqual({});
    expect(result.errors).toEqual({
      email: { type: 'invalid_string', message: 'Please enter a valid email' },
      'address.pinCode': { type: 'invalid_string', message: 'Pin code must be 6 digits' },
    });
  });

  it("puts a whole-form rule's message under 'root'", async () => {
    const matching = z.string().refine((value) => value === 'x', 'Does not match');
    const result = await zodResolver<{ root: string }>(matching)('y' as never, undefined, {} as never);
    expect(result.errors).toEqual({ root: { type: 'custom', message: 'Does not match' } });
  });
});
