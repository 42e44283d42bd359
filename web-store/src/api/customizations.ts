import type { CustomizationDefinitionView, ProductCustomizationOptionView } from '@shop/proto';
import { api } from './client';

/**
 * The shop's customization library, read as a product names its options: an order line keeps only
 * the option ids its shopper chose, and the library says what each one is called.
 */
export async function fetchCustomizationLibrary(
  signal?: AbortSignal,
): Promise<ProductCustomizationOptionView[]> {
  const { data } = await api.get<{ customizations?: CustomizationDefinitionView[] }>('/customizations', {
    signal,
  });
  return (data.customizations ?? []).map((definition) => ({
    optionId: {
      _id: definition._id,
      name: definition.name,
      type: definition.type,
      description: definition.description,
      options: definition.options,
      priceModifier: definition.priceModifier,
    },
  }));
}

export const CUSTOMIZATION_LIBRARY_KEY = ['customization-library'] as const;
