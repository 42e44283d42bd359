import { RpcError } from '@shop/kit';
import { randomBytes } from 'node:crypto';
import { guestKeyOf, uploadOwner } from './upload-owner';

const guestCartId = () => randomBytes(32).toString('base64url');

describe('uploadOwner (whose a new customization upload is)', () => {
  it("makes a signed-in customer's upload theirs, whatever guest cart the browser still holds", () => {
    expect(uploadOwner({ userId: 'u-1', role: 'customer' }, guestCartId())).toEqual({
      userId: 'u-1',
      guestKey: null,
    });
  });

  it("holds a visitor's upload by the digest of the guest cart id, never the id itself", () => {
    const id = guestCartId();
    const owner = uploadOwner(null, id);
    expect(owner).toEqual({ userId: null, guestKey: guestKeyOf(id) });
    expect(owner.guestKey).toMatch(/^[0-9a-f]{64}$/);
    expect(owner.guestKey).not.toContain(id);
    expect(guestKeyOf(guestCartId())).not.toBe(owner.guestKey);
  });

  it('refuses a caller with neither a customer actor nor a guest cart, and staff', () => {
    expect(() => uploadOwner(null, undefined)).toThrow(RpcError);
    expect(() => uploadOwner({ userId: 'a-1', role: 'admin' }, guestCartId())).toThrow(RpcError);
  });
});
