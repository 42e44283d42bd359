import type { IncomingMessage } from 'node:http';
import { trustProxy } from '../config/trusted-proxies';
import { requestIds } from './request-context';

const FRESH_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const request = (peer: string, requestId?: string) =>
  ({ headers: requestId === undefined ? {} : { 'x-request-id': requestId }, socket: { remoteAddress: peer } }) as unknown as IncomingMessage;

describe('the request id', () => {
  it('is made by the gateway when no proxy is trusted, whatever the caller sends', () => {
    const idOf = requestIds(trustProxy(false));
    expect(idOf(request('203.0.113.7', 'forged-by-a-client'))).toMatch(FRESH_ID);
    expect(idOf(request('127.0.0.1', 'forged-by-a-client'))).toMatch(FRESH_ID);
  });

  it('is the one a trusted proxy sends, and made afresh for a peer that is not one', () => {
    const idOf = requestIds(trustProxy(['10.0.0.0/8', 'loopback']));
    expect(idOf(request('10.1.2.3', 'proxy-id-1'))).toBe('proxy-id-1');
    expect(idOf(request('::ffff:127.0.0.1', 'proxy-id-2'))).toBe('proxy-id-2');
    expect(idOf(request('203.0.113.7', 'client-id'))).toMatch(FRESH_ID);
  });

  it('trusts the peer when TRUSTED_PROXIES counts hops: the gateway is behind that many proxies', () => {
    expect(requestIds(trustProxy(1))(request('203.0.113.7', 'ingress-id'))).toBe('ingress-id');
  });

  it("is made afresh when a trusted proxy's id is missing, too long or not plain", () => {
    const idOf = requestIds(trustProxy(1));
    expect(idOf(request('10.0.0.1'))).toMatch(FRESH_ID);
    expect(idOf(request('10.0.0.1', 'a'.repeat(65)))).toMatch(FRESH_ID);
    expect(idOf(request('10.0.0.1', 'x" injected="yes'))).toMatch(FRESH_ID);
  });
});
