import { FACTORY_SETTINGS, shopSettingsSchema, type PublicShopSettings } from '@shop/proto';
import type { Settings, SettingsPayload } from '../../api/settings';

export const SETTINGS_UI = {
  saveFailed: 'Failed to update settings',
  saved: 'Saved Successfully',
  strongPasswordHint:
    'Strong passwords need at least 8 characters with uppercase, lowercase, numbers and symbols.',
  confirmClearCache: 'Are you sure you want to clear all cache?',
  clearCacheAlert: 'Clearing the cache is not available yet: nothing was cleared.',
  confirmReset: 'Are you sure you want to reset all settings to their defaults?',
  resetAlert: 'Resetting to defaults is not available yet: no setting was changed.',
  loadFailed: 'Failed to load settings. Please try again.',
  signOutEverywhereHint:
    'Staff share the admin account. This signs out every browser signed in to it, this one too; unsaved changes here are lost.',
  confirmSignOutEverywhere: 'Sign out every browser signed in to the admin account, this one too?',
  signOutEverywhereFailed: 'Failed to sign out of all devices',
} as const;

/** The saved indicator shows for 3 seconds (back-office spec, section 9). */
export const SAVED_INDICATOR_MS = 3000;

/** Settings typed as numbers: the inputs hold text, converted to numbers when saved. */
export const NUMERIC_FIELDS = [
  'freeShippingThreshold',
  'standardShippingCost',
  'expressShippingCost',
  'codLimit',
  'defaultTaxRate',
  'lowStockThreshold',
  'autoReorderQuantity',
  'sessionTimeout',
  'maxLoginAttempts',
] as const satisfies readonly (keyof PublicShopSettings)[];

type NumericField = (typeof NUMERIC_FIELDS)[number];

export type SettingsFormValues = Omit<PublicShopSettings, NumericField> &
  Record<NumericField, string> & {
    razorpayKeySecret: string;
  };

export type SettingsTab = 'business' | 'payments' | 'inventory' | 'notifications' | 'security' | 'system';

export const SETTINGS_TABS: { id: SettingsTab; label: string }[] = [
  { id: 'business', label: 'Business' },
  { id: 'payments', label: 'Payments' },
  { id: 'inventory', label: 'Inventory' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'security', label: 'Security' },
  { id: 'system', label: 'System' },
];

/** Which tab shows each setting, so a refused value can be shown where it is edited. */
export const FIELD_TAB: Record<keyof SettingsFormValues, SettingsTab> = {
  businessName: 'business',
  businessEmail: 'business',
  businessPhone: 'business',
  businessAddress: 'business',
  businessState: 'business',
  gstNumber: 'business',
  freeShippingThreshold: 'business',
  standardShippingCost: 'business',
  expressShippingCost: 'business',
  defaultTaxRate: 'business',
  applyTaxToShipping: 'business',
  razorpayKeyId: 'payments',
  razorpayKeySecret: 'payments',
  paymentGatewayLive: 'payments',
  codEnabled: 'payments',
  codLimit: 'payments',
  lowStockThreshold: 'inventory',
  autoReorderEnabled: 'inventory',
  autoReorderQuantity: 'inventory',
  emailNotifications: 'notifications',
  orderNotifications: 'notifications',
  inventoryAlerts: 'notifications',
  customerUpdates: 'notifications',
  sessionTimeout: 'security',
  maxLoginAttempts: 'security',
  requireStrongPasswords: 'security',
  twoFactorAuth: 'security',
  maintenanceMode: 'system',
  allowRegistrations: 'system',
  requireEmailVerification: 'system',
};

const isNumeric = (key: string): key is NumericField => (NUMERIC_FIELDS as readonly string[]).includes(key);

/** The form's values: the server's settings, with the spec's default for any it leaves out. */
export function toFormValues(settings: Partial<Settings>): SettingsFormValues {
  const merged: PublicShopSettings = {
    ...omit(FACTORY_SETTINGS, 'razorpayKeySecret'),
    ...omit(settings, 'razorpayKeySecret', 'razorpayKeySecretSet'),
  };
  const values = { ...merged, razorpayKeySecret: settings.razorpayKeySecret ?? '' } as Record<
    string,
    unknown
  >;
  for (const key of NUMERIC_FIELDS) values[key] = String(merged[key]);
  return values as SettingsFormValues;
}

function omit<T extends object, K extends keyof T>(object: T, ...keys: K[]): Omit<T, K> {
  const copy = { ...object };
  for (const key of keys) delete copy[key];
  return copy;
}

/** A number typed into a field; blank is no number, so the check names the field. */
function toNumber(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** The whole settings object as Save All Settings sends it, numbers converted. */
export function toPayload(values: SettingsFormValues): SettingsPayload {
  const payload = { ...values } as Record<string, unknown>;
  for (const key of Object.keys(payload)) {
    if (isNumeric(key)) payload[key] = toNumber(values[key]);
  }
  return payload as SettingsPayload;
}

export type FieldErrors = Partial<Record<keyof SettingsFormValues, string>>;

/** Checks the settings with the server's own schema: one message per field, in the server's words. */
export function validate(payload: SettingsPayload): FieldErrors {
  const result = shopSettingsSchema.safeParse(omit(payload, 'razorpayKeySecret'));
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as keyof SettingsFormValues;
    if (field in FIELD_TAB) errors[field] ??= issue.message;
  }
  return errors;
}

/** The server's field errors (`{field, message}`), keyed by setting. */
export function serverErrors(errors: { field: string; message: string }[]): FieldErrors {
  const result: FieldErrors = {};
  for (const { field, message } of errors) {
    const key = field.split('.')[0] as keyof SettingsFormValues;
    if (key in FIELD_TAB) result[key] ??= message;
  }
  return result;
}

/** The first tab, in tab order, holding a refused field. */
export function firstTabWithError(errors: FieldErrors): SettingsTab | null {
  return (
    SETTINGS_TABS.find((tab) =>
      Object.keys(errors).some((f) => FIELD_TAB[f as keyof SettingsFormValues] === tab.id),
    )?.id ?? null
  );
}
