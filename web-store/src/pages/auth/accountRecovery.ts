import type { AuthResult } from '../../api/auth';
import { api } from '../../api/client';

export interface SignInProviders {
  google: boolean;
}

/** Which third-party sign-ins the server offers. */
export async function fetchSignInProviders(signal?: AbortSignal): Promise<SignInProviders> {
  const { data } = await api.get<{ google?: boolean }>('/auth/providers', { signal });
  return { google: data.google === true };
}

/** Asks for a reset link; the answer is the same whether or not the address is registered. */
export async function requestPasswordReset(email: string): Promise<string> {
  const { data } = await api.post<{ message: string }>('/auth/forgot-password', { email });
  return data.message;
}

/** Sets the new password; the answer signs the shopper in with a fresh token (older sessions have ended). */
export async function resetPassword(token: string, password: string): Promise<AuthResult> {
  const { data } = await api.post<AuthResult>('/auth/reset-password', { token, password });
  return { token: data.token, user: data.user };
}
