import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { api } from '../api/client';

export interface MockReply {
  status?: number;
  data?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (request: InternalAxiosRequestConfig) => MockReply | Promise<MockReply>;

export interface RecordedRequest {
  method: string;
  url: string;
  params: Record<string, unknown>;
  body: unknown;
  headers: InternalAxiosRequestConfig['headers'];
}

/**
 * Answers the app's one request client from a table of `"METHOD /path"` handlers, so the real
 * interceptors run. Anything unlisted answers 404, and every request is recorded.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const requests: RecordedRequest[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    requests.push({
      method,
      url,
      params: { ...(config.params as Record<string, unknown>) },
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      headers: config.headers,
    });
    const handler = handlers[`${method} ${url}`];
    const reply = handler
      ? await handler(config)
      : { status: 404, data: { message: `No mock for ${method} ${url}` } };
    const status = reply.status ?? 200;
    const response: AxiosResponse = {
      status,
      statusText: '',
      data: reply.data,
      headers: reply.headers ?? {},
      config,
    };
    if (status >= 400)
      throw new AxiosError(
        `Request failed with status code ${status}`,
        'ERR_BAD_RESPONSE',
        config,
        {},
        response,
      );
    return response;
  };
  api.defaults.adapter = adapter;
  return { requests, calls: (key: string) => requests.filter((r) => `${r.method} ${r.url}` === key) };
}
