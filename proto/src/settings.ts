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
  /**
   * Added later: the state the business is registered in (one of INDIAN_STATES, or '' unset). A tax
   * invoice charges CGST and SGST to a buyer in this state, IGST to any other.
   */
  businessState: string;
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
  /** Added later: checkout offers cash on delivery, for orders of at most `codLimit` rupees. */
  codEnabled: boolean;
  codLimit: number;
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
  businessState: '',
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
  codEnabled: true,
  codLimit: 10000,
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

/**
 * What any visitor may read of the settings (`GET /api/settings/public`): shipping, tax, cash on
 * delivery, and the business's contact details and GSTIN (printed on every invoice anyway).
 */
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
  'businessState',
  'gstNumber',
  'codEnabled',
  'codLimit',
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
