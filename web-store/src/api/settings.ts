import type { StorefrontSettings, StorefrontSettingsReply } from '@shop/proto';
import { api } from './client';

/** The shop's shipping, tax and contact figures, readable without a session. */
export async function fetchPublicSettings(signal?: AbortSignal): Promise<StorefrontSettings> {
  const { data } = await api.get<StorefrontSettingsReply>('/settings/public', { signal });
  return data.settings;
}
