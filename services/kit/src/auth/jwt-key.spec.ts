import * as jwt from 'jsonwebtoken';
import { derivedKey, jwtKey } from './jwt-key';

const SECRET = 'test-secret-test-secret-test-secret-0123';

describe('jwtKey', () => {
  it('verifies tokens signed with the plain secret, and signs tokens the plain secret verifies', () => {
    const key = jwtKey(SECRET);
    const byString = jwt.sign({ role: 'customer' }, SECRET, { algorithm: 'HS256', subject: 'u1' });
    expect((jwt.verify(byString, key, { algorithms: ['HS256'] }) as jwt.JwtPayload).sub).toBe('u1');
    const byKey = jwt.sign({ role: 'customer' }, key, { algorithm: 'HS256', subject: 'u2' });
    expect((jwt.verify(byKey, SECRET, { algorithms: ['HS256'] }) as jwt.JwtPayload).sub).toBe('u2');
  });

  it('refuses a token signed with another secret', () => {
    const forged = jwt.sign({ role: 'admin' }, `${SECRET}-other`, { algorithm: 'HS256' });
    expect(() => jwt.verify(forged, jwtKey(SECRET), { algorithms: ['HS256'] })).toThrow('invalid signature');
  });
});

describe('derivedKey', () => {
  it('gives each purpose its own key, the same every time, and never the secret itself', () => {
    const links = derivedKey(SECRET, 'shop e-mail verification links');
    expect(links.export().equals(derivedKey(SECRET, 'shop e-mail verification links').export())).toBe(true);
    expect(links.export().equals(derivedKey(SECRET, 'shop artwork links').export())).toBe(false);
    expect(links.export().equals(jwtKey(SECRET).export())).toBe(false);
    expect(links.export()).toHaveLength(32);
  });
});
