import { useQuery } from '@tanstack/react-query';
import { fetchPublicSettings } from '../api/settings';

export const PUBLIC_SETTINGS_KEY = ['public-settings'] as const;

/**
 * The shop's public settings, shared by every screen that shows a shipping figure, a payment
 * option or the business's contact details.
 */
export function usePublicSettings() {
  return useQuery({
    queryKey: PUBLIC_SETTINGS_KEY,
    queryFn: ({ signal }) => fetchPublicSettings(signal),
    staleTime: 5 * 60_000,
  });
}

/**
 * The order value above which shipping is free, as the shop's settings say, for visitors and
 * customers alike. Undefined until the settings have been read, so no guessed figure is shown.
 */
export function useFreeShippingThreshold(): number | undefined {
  return usePublicSettings().data?.freeShippingThreshold;
}
