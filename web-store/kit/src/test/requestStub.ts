import {
  AxiosError,
  type AxiosAdapter,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import type { ApiFailure, RequestEnvironment, TokenScope } from '../request';

/** What a request client's test hands in besides the address: a browser made of spies. */
export type StubEnvironment = Omit<RequestEnvironment, 'baseURL' | 'withCredentials' | 'leavesToCaller'>;

/** The one answer every call gets: a status and body, or no answer at all. */
export type StubReply = { status: number; data?: unknown } | { noResponse: true; code?: string };

/**
 * A request client, made by `create` from a stub browser, whose every call gets `reply`. Both
 * scopes hold a token ('customer-jwt', 'admin-jwt'); `seen` records each request as it left.
 */
export function stubbedClient(
  create: (env: StubEnvironment) => AxiosInstance,
  reply: StubReply = { status: 200, data: { success: true } },
  online = true,
) {
  const tokens = new Map<TokenScope, string>([
    ['customer', 'customer-jwt'],
    ['admin', 'admin-jwt'],
  ]);
  const env = {
    tokens: {
      get: (scope: TokenScope) => tokens.get(scope) ?? null,
      clear: (scope: TokenScope) => void tokens.delete(scope),
    },
    navigate: vi.fn<(path: string) => void>(),
    alert: vi.fn<(message: string) => void>(),
    isOnline: () => online,
    onSessionExpired: vi.fn<(scope: TokenScope) => void>(),
    logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
  } satisfies StubEnvironment;
  const client = create(env);
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    if ('noResponse' in reply) throw new AxiosError('Network Error', reply.code ?? 'ERR_NETWORK', config, {});
    const response: AxiosResponse = {
      status: reply.status,
      statusText: '',
      data: reply.data,
      headers: {},
      config,
    };
    if (reply.status >= 400) throw new AxiosError('Request failed', 'ERR_BAD_RESPONSE', config, {}, response);
    return response;
  };
  client.defaults.adapter = adapter;
  return { client, env, tokens, seen };
}

/** The failure a call rejected with; a call that succeeded fails the test. */
export async function failureOf(promise: Promise<unknown>): Promise<ApiFailure> {
  try {
    await promise;
  } catch (error) {
    return error as ApiFailure;
  }
  throw new Error('expected the call to fail');
}
