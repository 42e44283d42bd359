import type { SettingsReply, SettingsView } from '@shop/proto';
import { api } from './client';

export type Settings = SettingsView;

/** What Save All Settings sends: every setting; the key secret as typed, or the mask to keep it. */
export type SettingsPayload = Omit<SettingsView, 'razorpayKeySecretSet'>;

export const SETTINGS_KEY = ['admin', 'settings'] as const;

export async function fetchSettings(signal?: AbortSignal): Promise<Settings> {
  const { data } = await api.get<SettingsReply>('/admin2009/settings', { signal });
  return data.settings;
}

export async function saveSettings(payload: SettingsPayload): Promise<Settings> {
  const { data } = await api.patch<SettingsReply>('/admin2009/settings', payload);
  return data.settings;
}
