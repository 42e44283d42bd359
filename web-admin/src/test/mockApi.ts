import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { api } from '../api/client';

export interface RecordedCall {
  method: string;
  url: string;
  params: unknown;
  body: unknown;
  headers: InternalAxiosRequestConfig['headers'];
}

type Handler = (call: RecordedCall) => MockReply | Promise<MockReply>;

export interface MockReply {
  status?: number;
  data?: unknown;
  headers?: Record<string, string>;
}

/**
 * Answers the app's real request client from a table of `'METHOD /path'` handlers, so component
 * tests run through the same interceptors as the browser. Unknown calls answer 404.
 */
export function mockApi(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    let body: unknown = config.data;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // multipart and plain bodies stay as they are
      }
    }
    const call: RecordedCall = { method, url, params: config.params, body, headers: config.headers };
    calls.push(call);
    const handler = routes[`${method} ${url}`];
    const reply = handler
      ? await handler(call)
      : { status: 404, data: { message: `No mock for ${method} ${url}` } };
    const status = reply.status ?? 200;
    const response: AxiosResponse = {
      status,
      statusText: '',
      data: reply.data ?? {},
      headers: reply.headers ?? {},
      config,
    };
    if (status >= 400) throw new AxiosError('Request failed', 'ERR_BAD_RESPONSE', config, {}, response);
    return response;
  };
  api.defaults.adapter = adapter;
  return {
    calls,
    callsTo: (method: string, url: string) => calls.filter((c) => c.method === method && c.url === url),
  };
}
