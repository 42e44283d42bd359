import { ConfigError, loadServiceConfig } from '@shop/kit';
import { cartEnvSchema } from './cart-config';

const load = (env: Record<string, string>) => loadServiceConfig('cart', env, cartEnvSchema);

describe('cart service configuration: abandoned guest uploads', () => {
  it('keeps a guest upload 72 hours and looks for abandoned ones hourly by default', () => {
    const config = load({});
    expect(config.GUEST_UPLOAD_MAX_AGE_HOURS).toBe(72);
    expect(config.GUEST_UPLOAD_SWEEP_SECONDS).toBe(3600);
  });

  it('takes a shorter or longer age within 30 days, and refuses one outside it', () => {
    expect(load({ GUEST_UPLOAD_MAX_AGE_HOURS: '0.5' }).GUEST_UPLOAD_MAX_AGE_HOURS).toBe(0.5);
    expect(load({ GUEST_UPLOAD_MAX_AGE_HOURS: '720' }).GUEST_UPLOAD_MAX_AGE_HOURS).toBe(720);
    for (const bad of ['0', '-1', '721', 'soon'])
      expect(() => load({ GUEST_UPLOAD_MAX_AGE_HOURS: bad })).toThrow(ConfigError);
  });

  it('refuses a sweep interval under a second or over a day', () => {
    for (const bad of ['0', '0.5', '86401'])
      expect(() => load({ GUEST_UPLOAD_SWEEP_SECONDS: bad })).toThrow(ConfigError);
  });
});
