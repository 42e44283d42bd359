import { z } from 'zod';
import type { ShopSettings } from '../settings';
import { INDIAN_STATES } from '../india';
import { gstinProblem, gstinState, normalizeGstin } from '../validation/gstin';
import { emailSchema, phoneSchema } from '../validation/user.schemas';

/** How a stored Razorpay key secret is shown: never the secret, only that one is set and its last 4 characters. */
export const SECRET_MASK = '••••••••';

export function maskSecret(secret: string | null | undefined): string {
  if (!secret) return '';
  return secret.length > 4 ? `${SECRET_MASK}${secret.slice(-4)}` : SECRET_MASK;
}

/** A value that is (or starts like) the mask was read back from GET, not typed: it keeps the stored secret. */
export const isMaskedSecret = (value: string) => value.startsWith(SECRET_MASK.slice(0, 1));

export const SETTINGS_MESSAGES = {
  businessName: 'Business name is required',
  businessNameLength: 'Business name must be at most 120 characters',
  businessAddress: 'Business address must be at most 500 characters',
  businessState: 'Business state must be one of the Indian states and union territories',
  gstStateMismatch: (gstinIn: string, state: string) =>
    `The GST number is registered in ${gstinIn}, but the business state is ${state}`,
  razorpayKeyId: 'Razorpay key id must start with rzp_test_ or rzp_live_',
  razorpayKeySecret: 'Razorpay key secret must be at most 200 characters',
  liveNeedsKeyId: 'Enter the Razorpay key id before switching payments to live',
  lowStockThreshold: 'Low stock threshold must be a whole number from 1 to 1000',
  autoReorderQuantity: 'Auto-reorder quantity must be a whole number from 1 to 100000',
  freeShippingThreshold:
    'Free shipping threshold must be an amount of 0 to 10000000 rupees with at most 2 decimals',
  standardShippingCost:
    'Standard shipping cost must be an amount of 0 to 100000 rupees with at most 2 decimals',
  expressShippingCost:
    'Express shipping cost must be an amount of 0 to 100000 rupees with at most 2 decimals',
  codLimit: 'Cash on delivery limit must be an amount of 0 to 1000000 rupees with at most 2 decimals',
  defaultTaxRate: 'Tax rate must be a percentage from 0 to 100',
  sessionTimeout: 'Session timeout must be a whole number of minutes from 5 to 1440',
  maxLoginAttempts: 'Max login attempts must be a whole number from 1 to 100',
  settingsObject: 'Settings must be an object of setting names and values',
} as const;
const M = SETTINGS_MESSAGES;

/** The screen's numeric inputs send strings: they convert to numbers (back-office spec, section 5). */
const toNumber = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);
const toBoolean = (v: unknown) => (v === 'true' ? true : v === 'false' ? false : v);

const flag = (label: string) =>
  z.preprocess(
    toBoolean,
    z.boolean({
      invalid_type_error: `${label} must be true or false`,
      required_error: `${label} must be true or false`,
    }),
  );

const whole = (message: string, min: number, max: number) =>
  z.preprocess(
    toNumber,
    z
      .number({ invalid_type_error: message, required_error: message })
      .int(message)
      .min(min, message)
      .max(max, message),
  );

const rupees = (message: string, max: number) =>
  z.preprocess(
    toNumber,
    z
      .number({ invalid_type_error: message, required_error: message })
      .min(0, message)
      .max(max, message)
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, message),
  );

/** Optional text: blank is allowed and stored as ''. */
const optionalText = <S extends z.ZodTypeAny>(schema: S) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : typeof v === 'string' ? v.trim() : v),
    z.union([z.literal(''), schema]),
  );

const GSTIN_TYPE_MESSAGE = 'GST number must be text';

const fields = {
  businessName: z
    .string({ required_error: M.businessName, invalid_type_error: M.businessName })
    .trim()
    .min(1, M.businessName)
    .max(120, M.businessNameLength),
  businessEmail: optionalText(emailSchema),
  businessPhone: optionalText(phoneSchema),
  businessAddress: optionalText(z.string().max(500, M.businessAddress)),
  businessState: z.preprocess(
    (v) => (v === null || v === undefined ? '' : typeof v === 'string' ? v.trim() : v),
    z
      .string({ invalid_type_error: M.businessState })
      .refine((v) => v === '' || (INDIAN_STATES as readonly string[]).includes(v), M.businessState),
  ),
  gstNumber: z.preprocess(
    (v) => (typeof v === 'string' ? normalizeGstin(v) : v === null || v === undefined ? '' : v),
    z.string({ invalid_type_error: GSTIN_TYPE_MESSAGE }).superRefine((v, ctx) => {
      const problem = v === '' ? null : gstinProblem(v);
      if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
    }),
  ),
  emailNotifications: flag('Email notifications'),
  orderNotifications: flag('Order notifications'),
  inventoryAlerts: flag('Inventory alerts'),
  customerUpdates: flag('Customer updates'),
  razorpayKeyId: optionalText(z.string().regex(/^rzp_(test|live)_[A-Za-z0-9]{4,40}$/, M.razorpayKeyId)),
  paymentGatewayLive: flag('Live payments'),
  lowStockThreshold: whole(M.lowStockThreshold, 1, 1000),
  autoReorderEnabled: flag('Auto-reorder'),
  autoReorderQuantity: whole(M.autoReorderQuantity, 1, 100_000),
  maintenanceMode: flag('Maintenance mode'),
  allowRegistrations: flag('Allow registrations'),
  requireEmailVerification: flag('Require email verification'),
  freeShippingThreshold: rupees(M.freeShippingThreshold, 10_000_000),
  standardShippingCost: rupees(M.standardShippingCost, 100_000),
  expressShippingCost: rupees(M.expressShippingCost, 100_000),
  codEnabled: flag('Cash on delivery'),
  codLimit: rupees(M.codLimit, 1_000_000),
  defaultTaxRate: z.preprocess(
    toNumber,
    z
      .number({ invalid_type_error: M.defaultTaxRate, required_error: M.defaultTaxRate })
      .min(0, M.defaultTaxRate)
      .max(100, M.defaultTaxRate),
  ),
  applyTaxToShipping: flag('Apply tax to shipping'),
  sessionTimeout: whole(M.sessionTimeout, 5, 1440),
  maxLoginAttempts: whole(M.maxLoginAttempts, 1, 100),
  requireStrongPasswords: flag('Strong passwords'),
  twoFactorAuth: flag('Two-factor authentication'),
};

export type PublicShopSettings = Omit<ShopSettings, 'razorpayKeySecret'>;

/** Every setting but the secret, checked as a whole (cross-field rules included). */
export const shopSettingsSchema: z.ZodType<PublicShopSettings, z.ZodTypeDef, unknown> = z
  .object(fields)
  .superRefine((s, ctx) => {
    if (s.paymentGatewayLive && !s.razorpayKeyId) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: M.liveNeedsKeyId, path: ['razorpayKeyId'] });
    }
    const registeredIn = s.gstNumber ? gstinState(s.gstNumber) : null;
    if (registeredIn && s.businessState && registeredIn !== s.businessState) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: M.gstStateMismatch(registeredIn, s.businessState),
        path: ['gstNumber'],
      });
    }
  });

/**
 * `PATCH /admin2009/settings`: the whole settings object as the screen saves it, or any part of it.
 * Unknown names are ignored. The secret: blank or the mask keeps the stored one, null clears it.
 */
export const settingsPatchSchema = z.preprocess(
  (v) => v ?? {},
  z
    .object(fields, { invalid_type_error: M.settingsObject })
    .partial()
    .extend({
      razorpayKeySecret: z
        .string({ invalid_type_error: M.razorpayKeySecret })
        .trim()
        .max(200, M.razorpayKeySecret)
        .nullable()
        .optional(),
    }),
);
export type SettingsPatch = z.output<typeof settingsPatchSchema>;
