import type { SessionListReply, SessionView } from '@shop/proto';
import { api } from './client';

export type SignedInDevice = SessionView;

export const SESSIONS_KEY = ['auth', 'sessions'] as const;

/** The devices signed in to the account, the most recently used first. */
export async function listSignedInDevices(signal?: AbortSignal): Promise<SignedInDevice[]> {
  const { data } = await api.get<SessionListReply>('/auth/sessions', { signal });
  return data.sessions;
}

/** Signs one of the account's devices out. */
export async function signOutDevice(id: string): Promise<void> {
  await api.delete(`/auth/sessions/${encodeURIComponent(id)}`);
}

/** Ends every session of the account, this device's too. */
export async function signOutEverywhere(): Promise<void> {
  await api.post('/auth/logout/all');
}
