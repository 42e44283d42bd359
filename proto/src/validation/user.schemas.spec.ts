import {
  addressSchema,
  passwordChangeSchema,
  registerSchema,
  registrationSchema,
  updateProfileSchema,
} from './user.schemas';
import { validate } from './validate';

const address = { name: 'Asha Rao', phone: '9876543210', street: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', pinCode: '560001' };

describe('address rules (storefront spec, section 5)', () => {
  it('accepts a complete address and fixes the country to India', () => {
    expect(validate(addressSchema, address)).toEqual({ ok: true, data: { ...address, country: 'India' } });
  });

  it.each([
    [{ ...address, street: '  ' }, 'Please fill all address fields'],
    [{ ...address, phone: '98765' }, 'Phone must be exactly 10 digits'],
    [{ ...address, pinCode: '5600' }, 'Pin code must be 6 digits'],
    [{ ...address, state: 'Atlantis' }, 'Please select a valid state'],
    [{ ...address, country: 'Nepal' }, 'Country must be India'],
  ])('rejects %o with "%s"', (input, message) => {
    const result = validate(addressSchema, input);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[0].message).toBe(message);
  });
});

describe('registration rules', () => {
  it('lists every problem, in field order', () => {
    const result = validate(registerSchema, { username: 'a', email: 'nope', password: 'short' });
    expect(!result.ok && result.errors.map((e) => e.message)).toEqual([
      'Username must be between 3 and 30 characters',
      'Please enter a valid email',
      'Password must be at least 8 characters long',
    ]);
  });
});

describe('strong passwords (REQUIRE_STRONG_PASSWORDS)', () => {
  const account = { username: 'asha_k', email: 'asha@example.com' };

  it('lists each missing part of a long enough password', () => {
    const result = validate(registrationSchema(true), { ...account, password: 'alllowercase' });
    expect(!result.ok && result.errors.map((e) => e.message)).toEqual([
      'Password must contain an uppercase letter',
      'Password must contain a number',
      'Password must contain a symbol',
    ]);
  });

  it("reports a short password once, in the base rule's words", () => {
    const result = validate(registrationSchema(true), { ...account, password: 'Ab@1' });
    expect(!result.ok && result.errors.map((e) => e.message)).toEqual([
      'Password must be at least 8 characters long',
    ]);
  });

  it('accepts any 8 characters when strong passwords are off', () => {
    expect(validate(registrationSchema(false), { ...account, password: 'alllowercase' }).ok).toBe(true);
  });

  it('holds a new password to the same rule', () => {
    const change = { currentPassword: 'Old@12345', newPassword: 'newer@4567' };
    const result = validate(passwordChangeSchema(true), change);
    expect(!result.ok && result.errors).toEqual([
      { field: 'newPassword', message: 'Password must contain an uppercase letter' },
    ]);
    expect(validate(passwordChangeSchema(false), change).ok).toBe(true);
  });
});

describe('profile rules', () => {
  it.each([
    [{ username: '' }, 'Username and email are required'],
    [{ username: null }, 'Username and email are required'],
    [{ email: '' }, 'Username and email are required'],
    [{ email: 'nope' }, 'Please enter a valid email'],
    [{ phone: '123' }, 'Phone must be exactly 10 digits'],
    [{ username: 'ab' }, 'Username must be between 3 and 30 characters'],
    [{ username: 'a b' }, 'Username may contain only letters, numbers, dots, dashes and underscores'],
  ])('rejects %o with "%s"', (input, message) => {
    const result = validate(updateProfileSchema, input);
    expect(!result.ok && result.errors[0].message).toBe(message);
  });

  it('accepts a partial update and an empty phone', () => {
    expect(validate(updateProfileSchema, { phone: '', name: 'Asha' })).toEqual({
      ok: true,
      data: { phone: '', name: 'Asha' },
    });
  });
});
