import { loadServiceConfig } from '../config/service-config';
import { DEFAULT_DATABASE_POOL_SIZE, typeormOptions } from './typeorm-options';

const poolOf = (env: Record<string, string>, poolSize?: number) =>
  (typeormOptions(loadServiceConfig('catalog', env), [], [], { poolSize }).extra as { max: number }).max;

describe('a service database pool', () => {
  it(`holds ${DEFAULT_DATABASE_POOL_SIZE} connections unless the service or DATABASE_POOL_SIZE says otherwise`, () => {
    expect(poolOf({})).toBe(DEFAULT_DATABASE_POOL_SIZE);
    expect(poolOf({}, 4)).toBe(4);
    expect(poolOf({ DATABASE_POOL_SIZE: '16' }, 4)).toBe(16);
  });

  it("starts every connection with the service's PostgreSQL settings", () => {
    const options = typeormOptions(loadServiceConfig('catalog', {}), [], [], { settings: { jit: 'off' } });
    expect(options.extra).toEqual({ max: DEFAULT_DATABASE_POOL_SIZE, options: '-c jit=off' });
  });
});
