import { z } from 'zod';
import { ConfigError, loadServiceConfig } from './service-config';

describe('loadServiceConfig', () => {
  it("defaults to the service's own database (shop_reporting for admin-reporting) and the local servers", () => {
    const config = loadServiceConfig('admin-reporting', {});
    expect(config.DATABASE_NAME).toBe('shop_reporting');
    expect(config.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/postgres');
    expect(config.AMQP_URL).toBe('amqp://guest:guest@127.0.0.1:5672');
    expect(config.HEALTH_PORT).toBe(3006);
  });

  it('fails fast naming a bad variable', () => {
    expect(() => loadServiceConfig('user', { AMQP_URL: 'not a url' })).toThrow(ConfigError);
    expect(() => loadServiceConfig('user', { AMQP_URL: 'not a url' })).toThrow(/AMQP_URL/);
  });

  it('fails fast naming a missing variable the service requires', () => {
    const schema = z.object({ JWT_SECRET: z.string().min(32) });
    expect(() => loadServiceConfig('user', {}, schema)).toThrow(/JWT_SECRET/);
  });
});
