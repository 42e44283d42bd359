import type { UserView } from '@shop/proto';
import { api } from './client';

/**
 * `emailVerified` came later: a user object stored or answered before it (or by a server without it)
 * counts as verified, so no one is told to verify an address the shop never asked about.
 */
export type User = UserView & { emailVerified?: boolean };

/** False only when the server says the address is not verified yet. */
export function needsEmailVerification(user: Pick<User, 'emailVerified'> | null | undefined): boolean {
  return user?.emailVerified === false;
}

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

export const EMAIL_VERIFICATION_MESSAGES = {
  verified: 'Your e-mail address is verified',
  failed: 'This verification link is invalid or has expired',
  resendFailed: 'Failed to send a new verification link',
  sentTo: (email: string) => `We sent a new link to ${email}`,
} as const;

/** Confirms the address the link in the verification mail was sent to; answers the user when the server sends it. */
export async function verifyEmail(token: string): Promise<{ message: string; user: User | null }> {
  const { data } = await api.post<{ message?: string; user?: User }>('/auth/verify-email', { token });
  return { message: data.message || EMAIL_VERIFICATION_MESSAGES.verified, user: data.user ?? null };
}

/** Sends the signed-in customer a new verification link; answers what the server says it did. */
export async function resendVerificationEmail(email: string): Promise<string> {
  const { data } = await api.post<{ message?: string }>('/auth/verify-email/resend');
  return data.message || EMAIL_VERIFICATION_MESSAGES.sentTo(email);
}
