/**
 * The shop's settings (back-office spec, sections 3 and 9). admin-reporting owns them and publishes
 * `settings.updated` with the whole object; each service keeps the part it uses. Amounts here are
 * rupees, as the back office edits them; services convert to paise with toPaise.
 */
export interface ShopSettings {
  businessName: string;
  businessEmail: string;
  businessPhone: string;
  businessAddress: string;
  gstNumber: string;
  emailNotifications: boolean;
  orderNotifications: boolean;
  inventoryAlerts: boolean;
  customerUpdates: boolean;
  razorpayKeyId: string;
  /** Write-only: never sent back to a browser, and not carried by `settings.updated`. */
  razorpayKeySecret?: string;
  paymentGatewayLive: boolean;
  lowStockThreshold: number;
  autoReorderEnabled: boolean;
  autoReorderQuantity: number;
  maintenanceMode: boolean;
  allowRegistrations: boolean;
  requireEmailVerification: boolean;
  freeShippingThreshold: number;
  standardShippingCost: number;
  expressShippingCost: number;
  defaultTaxRate: number;
  applyTaxToShipping: boolean;
  /** Minutes. */
  sessionTimeout: number;
  maxLoginAttempts: number;
  requireStrongPasswords: boolean;
  twoFactorAuth: boolean;
}

/** The back office's documented factory defaults ("Reset to Defaults"). */
export const FACTORY_SETTINGS: ShopSettings = {
  businessName: 'MS & Jaksh',
  businessEmail: '',
  businessPhone: '',
  businessAddress: '',
  gstNumber: '',
  emailNotifications: true,
  orderNotifications: true,
  inventoryAlerts: true,
  customerUpdates: true,
  razorpayKeyId: '',
  paymentGatewayLive: false,
  lowStockThreshold: 10,
  autoReorderEnabled: false,
  autoReorderQuantity: 50,
  maintenanceMode: false,
  allowRegistrations: true,
  requireEmailVerification: true,
  freeShippingThreshold: 2000,
  standardShippingCost: 100,
  expressShippingCost: 200,
  defaultTaxRate: 18,
  applyTaxToShipping: true,
  sessionTimeout: 30,
  maxLoginAttempts: 5,
  requireStrongPasswords: true,
  twoFactorAuth: false,
};

/**
 * What a new shop starts with: the factory defaults, but shipping as the storefront spec shows it
 * (free over 1000, else 99), so a new shop behaves as the storefront describes.
 */
export const SEEDED_SETTINGS: ShopSettings = {
  ...FACTORY_SETTINGS,
  freeShippingThreshold: 1000,
  standardShippingCost: 99,
};

export type SettingsUpdatedEvent = Omit<ShopSettings, 'razorpayKeySecret'>;

/** What any visitor may read of the settings (`GET /api/settings/public`): shipping, tax, contact. */
export const STOREFRONT_SETTING_KEYS = [
  'freeShippingThreshold',
  'standardShippingCost',
  'expressShippingCost',
  'defaultTaxRate',
  'applyTaxToShipping',
  'businessName',
  'businessEmail',
  'businessPhone',
  'businessAddress',
] as const satisfies readonly (keyof ShopSettings)[];

export type StorefrontSettings = Pick<ShopSettings, (typeof STOREFRONT_SETTING_KEYS)[number]>;

export interface StorefrontSettingsReply {
  success: true;
  settings: StorefrontSettings;
}

/** Only the listed fields, so keys and secrets never reach a visitor whatever the settings carry. */
export function storefrontSettingsOf(settings: SettingsUpdatedEvent): StorefrontSettings {
  return Object.fromEntries(STOREFRONT_SETTING_KEYS.map((key) => [key, settings[key]])) as StorefrontSettings;
}
