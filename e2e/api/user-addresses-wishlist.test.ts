import { randomUUID } from 'node:crypto';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';
import { adminToken } from './catalog-support';
import { createProduct } from './order-fixtures';

jest.setTimeout(60_000);

const HOME = {
  name: 'Asha Kumar',
  phone: '9876543210',
  street: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  pinCode: '560001',
};
const OFFICE = {
  name: 'Asha Kumar',
  phone: '9123456780',
  street: '4 Park Street',
  city: 'Kolkata',
  state: 'West Bengal',
  pinCode: '700016',
};
const PARENTS = {
  name: 'R Kumar',
  phone: '9988776655',
  street: '7 Ashram Road',
  city: 'Ahmedabad',
  state: 'Gujarat',
  pinCode: '380009',
};

interface Address {
  _id: string;
  street: string;
  isDefault: boolean;
  [field: string]: unknown;
}

describe('addresses and wishlist (/api/auth/addresses, /api/auth/wishlist)', () => {
  let backend: Backend;
  let http: ReturnType<typeof api>;
  let seq = 0;

  const register = async () => {
    seq += 1;
    const res = await http.post('/auth/register', {
      username: `buyer_${seq}`,
      email: `buyer${seq}@example.com`,
      password: 'Secret@123',
    });
    expect(res.status).toBe(201);
    return res.body.token as string;
  };

  const addAddress = async (token: string, address: object) => {
    const res = await http.post('/auth/addresses', address, token);
    expect(res.status).toBe(201);
    return res.body.user.addresses as Address[];
  };

  const admin = adminToken();
  const newProduct = () => createProduct(http, admin, { price: 120, stock: 10 });

  const defaultStreet = (addresses: Address[]) => addresses.filter((a) => a.isDefault).map((a) => a.street);
  const idOf = (addresses: Address[], street: string) => addresses.find((a) => a.street === street)!._id;

  beforeAll(async () => {
    backend = await startBackend({ services: ['user', 'catalog', 'order'] });
    http = api(backend.url);
  });
  afterAll(() => backend?.stop());

  describe('addresses', () => {
    it('adds an address (201 with the user), country India, and the first address is the default', async () => {
      const token = await register();
      const res = await http.post('/auth/addresses', HOME, token);
      expect(res.status).toBe(201);
      expect(res.body.success).toBe(true);
      expect(res.body.user.addresses).toEqual([
        { _id: expect.any(String), ...HOME, country: 'India', isDefault: true },
      ]);
    });

    it('lists the addresses with GET /auth/addresses', async () => {
      const token = await register();
      await addAddress(token, HOME);
      await addAddress(token, OFFICE);
      const res = await http.get('/auth/addresses', token);
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.addresses.map((a: Address) => [a.street, a.isDefault])).toEqual([
        [HOME.street, true],
        [OFFICE.street, false],
      ]);
    });

    it('makes a new address asked to be the default the only default', async () => {
      const token = await register();
      await addAddress(token, HOME);
      const addresses = await addAddress(token, { ...OFFICE, isDefault: true });
      expect(defaultStreet(addresses)).toEqual([OFFICE.street]);
    });

    it('updates an address and answers with the user', async () => {
      const token = await register();
      const id = (await addAddress(token, HOME))[0]._id;
      const res = await http.put(
        `/auth/addresses/${id}`,
        { ...HOME, street: '14 MG Road', pinCode: '560002' },
        token,
      );
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.user.addresses).toEqual([
        { _id: id, ...HOME, street: '14 MG Road', pinCode: '560002', country: 'India', isDefault: true },
      ]);
    });

    it('setting one address as default unsets the others; unticking the default keeps it', async () => {
      const token = await register();
      await addAddress(token, HOME);
      const addresses = await addAddress(token, OFFICE);
      const office = idOf(addresses, OFFICE.street);
      const home = idOf(addresses, HOME.street);

      const chosen = await http.put(`/auth/addresses/${office}`, { ...OFFICE, isDefault: true }, token);
      expect(defaultStreet(chosen.body.user.addresses)).toEqual([OFFICE.street]);

      const unticked = await http.put(`/auth/addresses/${office}`, { ...OFFICE, isDefault: false }, token);
      expect(defaultStreet(unticked.body.user.addresses)).toEqual([OFFICE.street]);

      const back = await http.put(`/auth/addresses/${home}`, { ...HOME, isDefault: true }, token);
      expect(defaultStreet(back.body.user.addresses)).toEqual([HOME.street]);
    });

    it('deleting the default makes the newest remaining address the default', async () => {
      const token = await register();
      await addAddress(token, HOME);
      await addAddress(token, OFFICE);
      const addresses = await addAddress(token, PARENTS);
      expect(defaultStreet(addresses)).toEqual([HOME.street]);

      const res = await http.delete(`/auth/addresses/${idOf(addresses, HOME.street)}`, token);
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.user.addresses.map((a: Address) => a.street)).toEqual([OFFICE.street, PARENTS.street]);
      expect(defaultStreet(res.body.user.addresses)).toEqual([PARENTS.street]);
    });

    it('deleting another address keeps the default, and the last one can be deleted', async () => {
      const token = await register();
      await addAddress(token, HOME);
      const addresses = await addAddress(token, OFFICE);
      const afterOffice = await http.delete(`/auth/addresses/${idOf(addresses, OFFICE.street)}`, token);
      expect(defaultStreet(afterOffice.body.user.addresses)).toEqual([HOME.street]);
      const afterHome = await http.delete(`/auth/addresses/${idOf(addresses, HOME.street)}`, token);
      expect(afterHome.body.user.addresses).toEqual([]);
    });

    describe('validation', () => {
      let token: string;
      let id: string;
      beforeAll(async () => {
        token = await register();
        id = (await addAddress(token, HOME))[0]._id;
      });

      it.each([
        [{}, 'Please fill all address fields'],
        [{ ...HOME, street: '   ' }, 'Please fill all address fields'],
        [{ ...HOME, city: undefined }, 'Please fill all address fields'],
        [{ ...HOME, phone: '98765' }, 'Phone must be exactly 10 digits'],
        [{ ...HOME, phone: '98765abcde' }, 'Phone must be exactly 10 digits'],
        [{ ...HOME, pinCode: '5600' }, 'Pin code must be 6 digits'],
        [{ ...HOME, state: 'Atlantis' }, 'Please select a valid state'],
        [{ ...HOME, country: 'Nepal' }, 'Country must be India'],
      ])('rejects %j with 400 %p, on add and on update', async (body, message) => {
        const added = await http.post('/auth/addresses', body, token);
        expect(added.status).toBe(400);
        expect(added.body.message).toBe(message);

        const updated = await http.put(`/auth/addresses/${id}`, body, token);
        expect(updated.status).toBe(400);
        expect(updated.body.message).toBe(message);
        expect((await http.get('/auth/addresses', token)).body.addresses).toHaveLength(1);
      });
    });

    it("answers 404 'Address not found' when a customer reads, changes or deletes another customer's address", async () => {
      const alice = await register();
      const bob = await register();
      const aliceAddress = (await addAddress(alice, HOME))[0]._id;
      await addAddress(bob, OFFICE);

      const bobsList = await http.get('/auth/addresses', bob);
      expect(bobsList.body.addresses.map((a: Address) => a._id)).not.toContain(aliceAddress);
      expect((await http.get('/auth/me', bob)).body.user.addresses.map((a: Address) => a._id)).not.toContain(
        aliceAddress,
      );

      const change = await http.put(`/auth/addresses/${aliceAddress}`, { ...OFFICE, isDefault: true }, bob);
      expect(change.status).toBe(404);
      expect(change.body.message).toBe('Address not found');
      const remove = await http.delete(`/auth/addresses/${aliceAddress}`, bob);
      expect(remove.status).toBe(404);
      expect(remove.body.message).toBe('Address not found');

      const alicesList = await http.get('/auth/addresses', alice);
      expect(alicesList.body.addresses).toEqual([
        { _id: aliceAddress, ...HOME, country: 'India', isDefault: true },
      ]);
    });

    it("answers 404 'Address not found' for an unknown or malformed id", async () => {
      const token = await register();
      expect((await http.put(`/auth/addresses/${randomUUID()}`, HOME, token)).body.message).toBe(
        'Address not found',
      );
      const malformed = await http.delete('/auth/addresses/not-an-id', token);
      expect(malformed.status).toBe(404);
      expect(malformed.body.message).toBe('Address not found');
    });

    it('needs a customer token', async () => {
      expect((await http.get('/auth/addresses')).status).toBe(401);
      expect((await http.post('/auth/addresses', HOME)).status).toBe(401);
    });
  });

  describe('wishlist', () => {
    it('PUT toggles a product: added, then removed', async () => {
      const token = await register();
      const productId = await newProduct();
      const added = await http.put('/auth/wishlist', { productId }, token);
      expect(added.status).toBe(200);
      expect(added.body).toMatchObject({ success: true, added: true });
      expect(added.body.user.wishlist).toEqual([productId]);

      const removed = await http.put('/auth/wishlist', { productId }, token);
      expect(removed.body).toMatchObject({ success: true, added: false });
      expect(removed.body.user.wishlist).toEqual([]);
    });

    it("answers 404 'The requested product could not be found.' for a product the shop does not have", async () => {
      const token = await register();
      const res = await http.put('/auth/wishlist', { productId: randomUUID() }, token);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({
        success: false,
        status: 404,
        message: 'The requested product could not be found.',
      });
      expect((await http.get('/auth/wishlist', token)).body.wishlist).toEqual([]);
    });

    it("rejects a missing, malformed or non-text product id with 400 'Invalid product ID'", async () => {
      const token = await register();
      for (const body of [{}, { productId: 'abc' }, { productId: 42 }, { productId: '' }]) {
        const res = await http.put('/auth/wishlist', body, token);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Invalid product ID');
      }
      expect((await http.get('/auth/wishlist', token)).body.wishlist).toEqual([]);
    });

    it('DELETE removes a product and answers with the user', async () => {
      const token = await register();
      const keep = await newProduct();
      const drop = await newProduct();
      await http.put('/auth/wishlist', { productId: keep }, token);
      await http.put('/auth/wishlist', { productId: drop }, token);
      const res = await http.delete(`/auth/wishlist/${drop}`, token);
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.user.wishlist).toEqual([keep]);
    });

    it("DELETE with a malformed id answers 400 'Invalid product ID'", async () => {
      const token = await register();
      const res = await http.delete('/auth/wishlist/not-an-id', token);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid product ID');
    });

    it('GET lists the entries, newest first, with when each was added', async () => {
      const token = await register();
      const first = await newProduct();
      const second = await newProduct();
      await http.put('/auth/wishlist', { productId: first }, token);
      await http.put('/auth/wishlist', { productId: second }, token);
      const res = await http.get('/auth/wishlist', token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        wishlist: [
          { productId: second, addedAt: expect.any(String) },
          { productId: first, addedAt: expect.any(String) },
        ],
      });
      expect(Date.parse(res.body.wishlist[0].addedAt)).toBeGreaterThanOrEqual(
        Date.parse(res.body.wishlist[1].addedAt),
      );
    });

    it("keeps each customer's wishlist to themselves", async () => {
      const alice = await register();
      const bob = await register();
      await http.put('/auth/wishlist', { productId: await newProduct() }, alice);
      expect((await http.get('/auth/wishlist', bob)).body.wishlist).toEqual([]);
      expect((await http.get('/auth/stats', bob)).body.stats.wishlistCount).toBe(0);
      expect((await http.get('/auth/stats', alice)).body.stats.wishlistCount).toBe(1);
    });

    it('needs a customer token', async () => {
      expect((await http.get('/auth/wishlist')).status).toBe(401);
      expect((await http.put('/auth/wishlist', { productId: randomUUID() })).status).toBe(401);
    });
  });
});
