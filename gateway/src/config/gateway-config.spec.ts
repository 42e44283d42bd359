import { ConfigError } from '@shop/kit';
import { randomBytes } from 'node:crypto';
import { loadGatewayConfig } from './gateway-config';

describe('gateway configuration in production', () => {
  it.each([
    [
      'the development secret of npm start',
      'development-only-secret-change-me-0123456789',
      /JWT_SECRET is a development or example value/,
    ],
    [
      "deploy's example secret",
      'replace-with-at-least-32-random-characters-0123456789',
      /JWT_SECRET is a development or example value/,
    ],
    ['a secret of one repeated character', 'k'.repeat(48), /JWT_SECRET is too easy to guess/],
  ])('refuses %s, naming JWT_SECRET', (_, JWT_SECRET, message) => {
    expect(() => loadGatewayConfig({ NODE_ENV: 'production', JWT_SECRET })).toThrow(ConfigError);
    expect(() => loadGatewayConfig({ NODE_ENV: 'production', JWT_SECRET })).toThrow(message);
  });

  it('starts with a random secret, and with the development one outside production', () => {
    const JWT_SECRET = randomBytes(32).toString('base64');
    expect(loadGatewayConfig({ NODE_ENV: 'production', JWT_SECRET }).JWT_SECRET).toBe(JWT_SECRET);
    expect(
      loadGatewayConfig({
        NODE_ENV: 'development',
        JWT_SECRET: 'development-only-secret-change-me-0123456789',
      }).NODE_ENV,
    ).toBe('development');
  });
});
