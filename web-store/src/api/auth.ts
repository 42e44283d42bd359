import type { UserView } from '@shop/proto';
import { api } from './client';

export type User = UserView;

export interface AuthResult {
  token: string;
  user: User;
}

/** `GET /auth/me` answers the user, either bare or inside `{success, user}`. */
function readUser(data: unknown): User {
  const body = data as { user?: User } & Partial<User>;
  return (body.user ?? body) as User;
}

export async function fetchMe(signal?: AbortSignal): Promise<User> {
  const { data } = await api.get('/auth/me', { signal });
  return readUser(data);
}

export async function login(identifier: string, password: string): Promise<AuthResult> {
  const { data } = await api.post<AuthResult>('/auth/login', { identifier, password });
  return { token: data.token, user: readUser(data) };
}

export async function register(username: string, email: string, password: string): Promise<AuthResult> {
  const { data } = await api.post<AuthResult>('/auth/register', { username, email, password });
  return { token: data.token, user: readUser(data) };
}

/**
 * Ends this device's session on the server; the account's other devices stay signed in. The token
 * is passed in because the app forgets it at once, before this request goes out.
 */
export async function logout(token: string): Promise<void> {
  await api.post('/auth/logout', undefined, { headers: { Authorization: `Bearer ${token}` } });
}
