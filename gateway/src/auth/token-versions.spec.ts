import { isRevoked, tokenVersionOf, TokenVersionTable } from './token-versions';

describe('the token version rule', () => {
  it('reads the version a token was signed at, and counts a token from before versions as 0', () => {
    expect(tokenVersionOf({ ver: 3 })).toBe(3);
    expect(tokenVersionOf({ ver: 0 })).toBe(0);
    expect(tokenVersionOf({})).toBe(0);
    expect(tokenVersionOf({ ver: '7' })).toBe(0);
    expect(tokenVersionOf({ ver: -1 })).toBe(0);
    expect(tokenVersionOf({ ver: 1.5 })).toBe(0);
  });

  it('refuses a token signed before the last revocation and accepts one signed at or after it', () => {
    expect(isRevoked(0, 1)).toBe(true);
    expect(isRevoked(2, 3)).toBe(true);
    expect(isRevoked(3, 3)).toBe(false);
    expect(isRevoked(4, 3)).toBe(false);
  });

  it('keeps a token from before versions working until the first revocation', () => {
    const legacy = tokenVersionOf({});
    expect(isRevoked(legacy, 0)).toBe(false);
    expect(isRevoked(legacy, 1)).toBe(true);
  });
});

describe('TokenVersionTable', () => {
  it('holds version 0 for an account never revoked', () => {
    expect(new TokenVersionTable().current('customer:a')).toBe(0);
  });

  it('never lowers a version it holds, whatever order the reports arrive in', () => {
    const table = new TokenVersionTable();
    table.raise('customer:a', 2);
    table.raise('customer:a', 1);
    expect(table.current('customer:a')).toBe(2);
    table.raise('customer:a', 3);
    expect(table.current('customer:a')).toBe(3);
  });

  it('keeps customers and admins apart', () => {
    const table = new TokenVersionTable();
    table.raise('admin:a', 1);
    expect(table.current('customer:a')).toBe(0);
    expect(table.size).toBe(1);
  });

  it('takes in another table, keeping the higher version of each account', () => {
    const table = new TokenVersionTable();
    table.raise('customer:a', 3);
    const heard = new TokenVersionTable();
    heard.raise('customer:a', 2);
    heard.raise('customer:b', 1);
    table.absorb(heard);
    expect(table.current('customer:a')).toBe(3);
    expect(table.current('customer:b')).toBe(1);
  });
});
