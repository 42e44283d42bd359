import { request } from 'node:http';

/** A small JSON client for API tests: returns status and parsed body, never throws on HTTP errors. */
export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export function api(baseUrl: string) {
  const request = async <T = any>(
    method: string,
    path: string,
    options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const res = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    let body: any = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body, headers: res.headers };
  };
  return {
    request,
    get: <T = any>(path: string, token?: string) => request<T>('GET', path, { token }),
    post: <T = any>(path: string, body?: unknown, token?: string) =>
      request<T>('POST', path, { body: body ?? {}, token }),
    put: <T = any>(path: string, body?: unknown, token?: string) =>
      request<T>('PUT', path, { body: body ?? {}, token }),
    patch: <T = any>(path: string, body?: unknown, token?: string) =>
      request<T>('PATCH', path, { body: body ?? {}, token }),
    delete: <T = any>(path: string, token?: string) => request<T>('DELETE', path, { token }),
  };
}

/** A GET that keeps the bytes and headers as sent: fetch would undo the compression tests look at. */
export function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}
