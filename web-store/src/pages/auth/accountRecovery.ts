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

export async function resetPassword(token: string, password: string): Promise<string> {
  const { data } = await api.post<{ message: string }>('/auth/reset-password', { token, password });
  return data.message;
}
