import { chooseDefault, DefaultCandidate } from './default-address';

const address = (id: string, day: number, isDefault = false): DefaultCandidate => ({
  id,
  createdAt: new Date(Date.UTC(2025, 0, day)),
  isDefault,
});

describe('default address', () => {
  it('makes the first address the default', () => {
    expect(chooseDefault([address('home', 1)])).toBe('home');
  });

  it('keeps the current default when another address is added', () => {
    expect(chooseDefault([address('home', 1, true), address('office', 2)])).toBe('home');
  });

  it('moves the default to the address asked for', () => {
    expect(chooseDefault([address('home', 1, true), address('office', 2)], 'office')).toBe('office');
  });

  it('ignores a request for an address the customer does not have', () => {
    expect(chooseDefault([address('home', 1, true)], 'elsewhere')).toBe('home');
  });

  it('hands the default to the newest remaining address when the default is deleted', () => {
    expect(chooseDefault([address('home', 1), address('parents', 3), address('office', 2)])).toBe('parents');
  });

  it('breaks a tie between addresses saved at the same moment by id', () => {
    expect(chooseDefault([address('a', 1), address('b', 1)])).toBe('b');
  });

  it('has no default without addresses', () => {
    expect(chooseDefault([])).toBeNull();
  });
});
