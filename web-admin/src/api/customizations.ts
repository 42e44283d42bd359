import type { CustomizationDefinitionView, CustomizationType, OptionValue, PriceModifier } from '@shop/proto';
import { api } from './client';

export type CustomizationDefinition = CustomizationDefinitionView;

/** The library's payload (back-office spec, section 7). */
export interface CustomizationPayload {
  name: string;
  type: Extract<CustomizationType, 'boolean' | 'select' | 'multi-select'>;
  description: string;
  isDefault: boolean;
  isActive: boolean;
  priceModifier?: PriceModifier;
  options?: OptionValue[];
}

export const CUSTOMIZATIONS_KEY = ['customizations'] as const;

export async function listCustomizations(signal?: AbortSignal): Promise<CustomizationDefinition[]> {
  const { data } = await api.get<{ customizations: CustomizationDefinition[] }>('/customizations', {
    signal,
  });
  return data.customizations ?? [];
}

// The library's writes are staff-only although their path lacks "admin": they carry the admin token.
export async function createCustomization(payload: CustomizationPayload): Promise<CustomizationDefinition> {
  const { data } = await api.post<{ customization: CustomizationDefinition }>('/customizations', payload, {
    tokenScope: 'admin',
  });
  return data.customization;
}

export async function updateCustomization(
  id: string,
  payload: CustomizationPayload,
): Promise<CustomizationDefinition> {
  const { data } = await api.put<{ customization: CustomizationDefinition }>(
    `/customizations/${encodeURIComponent(id)}`,
    payload,
    { tokenScope: 'admin' },
  );
  return data.customization;
}
