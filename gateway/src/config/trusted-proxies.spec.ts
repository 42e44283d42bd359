import { ConfigError } from '@shop/kit';
import { loadGatewayConfig } from './gateway-config';

const load = (TRUSTED_PROXIES?: string) =>
  loadGatewayConfig({ JWT_SECRET: 'k'.repeat(8) + 'Zq3!vB9#xT2$mL7@pR4&nW6*hY1^cD5%', TRUSTED_PROXIES })
    .TRUSTED_PROXIES;

describe('TRUSTED_PROXIES', () => {
  it('trusts no proxy when unset or empty, so the socket address is the client', () => {
    expect(load(undefined)).toBe(false);
    expect(load('')).toBe(false);
    expect(load('0')).toBe(false);
  });

  it('takes a hop count', () => {
    expect(load('1')).toBe(1);
    expect(load(' 2 ')).toBe(2);
  });

  it('takes a comma-separated list of IPs, CIDRs and private range names', () => {
    expect(load('10.0.0.1, 172.16.0.0/12,fd00::/8, ::1,uniquelocal')).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      'fd00::/8',
      '::1',
      'uniquelocal',
    ]);
  });

  it.each([
    'true',
    '-1',
    '11',
    '10.0.0.0/33',
    '300.1.1.1',
    'proxy.internal',
    '10.0.0.1,',
    '::1/129',
    '1.2.3.4/8/1',
  ])('stops the start naming the variable when it reads %p', (value) => {
    expect(() => load(value)).toThrow(ConfigError);
    expect(() => load(value)).toThrow(/TRUSTED_PROXIES/);
  });
});
