import { EventEnvelope, EVENTS, UserView } from '@shop/proto';
import type { GatewayEvents } from '../back-office/gateway-events';
import { ProfileCache } from './profile-cache';

const events = { subscribe: () => undefined } as unknown as GatewayEvents;
const profile = (id: string, name: string) => ({ _id: id, id, name }) as UserView;
const event = (type: string, data: Record<string, unknown>): EventEnvelope => ({
  id: 'e1',
  type,
  occurredAt: new Date().toISOString(),
  version: 1,
  data,
});

/** A user service that counts the reads it answers. */
function reader(name = 'Asha') {
  const read = jest.fn((id: string) => Promise.resolve(profile(id, name)));
  return { read, of: (id: string) => () => read(id) };
}

describe('ProfileCache', () => {
  it('answers a profile read once from the cache until user.updated drops it', async () => {
    const cache = new ProfileCache(events);
    const users = reader();
    await cache.get('a', users.of('a'));
    expect(await cache.get('a', users.of('a'))).toEqual(profile('a', 'Asha'));
    expect(users.read).toHaveBeenCalledTimes(1);

    cache.apply(event(EVENTS.userUpdated, { userId: 'a' }));
    await cache.get('a', users.of('a'));
    expect(users.read).toHaveBeenCalledTimes(2);
  });

  it("drops a customer's profile on user.sessions-ended and user.deactivated, and not an admin's", async () => {
    const cache = new ProfileCache(events);
    const users = reader();
    await cache.get('a', users.of('a'));
    cache.apply(event(EVENTS.userSessionsEnded, { role: 'admin', accountId: 'a', sessions: [] }));
    await cache.get('a', users.of('a'));
    expect(users.read).toHaveBeenCalledTimes(1);
    cache.apply(event(EVENTS.userSessionsEnded, { role: 'customer', accountId: 'a', sessions: [] }));
    await cache.get('a', users.of('a'));
    expect(users.read).toHaveBeenCalledTimes(2);
    cache.apply(event(EVENTS.userDeactivated, { userId: 'a' }));
    await cache.get('a', users.of('a'));
    expect(users.read).toHaveBeenCalledTimes(3);
  });

  it('does not keep a read that was under way when the profile changed', async () => {
    const cache = new ProfileCache(events);
    let answer: (view: UserView) => void = () => undefined;
    const stale = cache.get('a', () => new Promise<UserView>((resolve) => (answer = resolve)));
    await cache.changing('a', async () => undefined);
    answer(profile('a', 'Before'));
    expect((await stale).name).toBe('Before');
    const users = reader('After');
    expect((await cache.get('a', users.of('a'))).name).toBe('After');
  });

  it('keeps at most its bound of profiles, dropping the least recently read', async () => {
    const cache = new ProfileCache(events, 2);
    const users = reader();
    await cache.get('a', users.of('a'));
    await cache.get('b', users.of('b'));
    await cache.get('a', users.of('a'));
    await cache.get('c', users.of('c'));
    expect(users.read.mock.calls.map(([id]) => id)).toEqual(['a', 'b', 'c']);
    await cache.get('a', users.of('a'));
    await cache.get('b', users.of('b'));
    expect(users.read.mock.calls.map(([id]) => id)).toEqual(['a', 'b', 'c', 'b']);
  });

  it('reads again once an entry is older than its lifetime', async () => {
    const cache = new ProfileCache(events, 10, 0);
    const users = reader();
    await cache.get('a', users.of('a'));
    await cache.get('a', users.of('a'));
    expect(users.read).toHaveBeenCalledTimes(2);
  });

  it('trusts nothing cached after a resync', async () => {
    const cache = new ProfileCache(events);
    const users = reader();
    await cache.get('a', users.of('a'));
    cache.resync();
    await cache.get('a', users.of('a'));
    expect(users.read).toHaveBeenCalledTimes(2);
  });
});
