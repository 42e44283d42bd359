import { z } from 'zod';
import { COUNTRY, INDIAN_STATES } from '../india';
import { hasControlCharacters } from './bounds';
import { strongPasswordProblems } from './password';

/** A required text field: missing, not a string, or blank all give the same message. */
const required = (message: string) =>
  z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message);

export const MESSAGES = {
  addressFields: 'Please fill all address fields',
  phone: 'Phone must be exactly 10 digits',
  pinCode: 'Pin code must be 6 digits',
  state: 'Please select a valid state',
  country: 'Country must be India',
  email: 'Please enter a valid email',
  usernameAndEmail: 'Username and email are required',
  passwordsDoNotMatch: 'Passwords do not match',
  invalidProductId: 'Invalid product ID',
  invalidCredentials: 'Invalid email/username or password',
  accountDisabled: 'This account has been deactivated',
  emailTaken: 'Email is already registered',
  usernameTaken: 'Username is already taken',
  currentPasswordIncorrect: 'Current password is incorrect',
  passwordChanged: 'Password changed successfully',
  addressNotFound: 'Address not found',
  loggedOut: 'Logged out successfully',
  signedOutEverywhere: 'Signed out of all devices',
  deviceSignedOut: 'The device has been signed out',
  sessionNotFound: 'That device is not signed in',
  resetLinkSent: 'If that e-mail is registered, a reset link is on its way.',
  resetLinkInvalid: 'This reset link is invalid or has expired.',
  passwordReset: 'Your password has been reset. Please sign in with your new password.',
  googleEmailUnverified: 'Your Google account has no verified e-mail address',
  googleAccountMismatch: 'This account is already linked to another Google account',
  profilePic: 'Profile picture must be an http or https link',
} as const;

/** The answer while an account or an IP is locked out after too many failed logins. */
export const tooManyLoginAttempts = (minutes: number) =>
  `Too many failed login attempts. Please try again in ${minutes} minutes.`;

export const phoneSchema = z.string().trim().regex(/^\d{10}$/, MESSAGES.phone);
export const emailSchema = z.string().trim().toLowerCase().email(MESSAGES.email);

/** Registration and profile edits hold usernames to the same rules. */
const usernameRules = z
  .string()
  .min(3, 'Username must be between 3 and 30 characters')
  .max(30, 'Username must be between 3 and 30 characters')
  .pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_.-]+$/, 'Username may contain only letters, numbers, dots, dashes and underscores'),
  );

export const registerSchema = z.object({
  username: required('Username is required').pipe(usernameRules),
  email: required('Email is required').pipe(emailSchema),
  password: z
    .string({ required_error: 'Password is required', invalid_type_error: 'Password is required' })
    .min(8, 'Password must be at least 8 characters long')
    .max(128, 'Password must be at most 128 characters long'),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/**
 * The back office's "strong passwords" setting. The base schemas already report a short password
 * in their own words, so the character rules judge only passwords long enough to pass that.
 */
function addStrongPasswordIssues(password: string, ctx: z.RefinementCtx, field: string): void {
  if (password.length < 8) return;
  for (const message of strongPasswordProblems(password)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message, path: [field] });
  }
}

/** What the user service enforces at registration, given its REQUIRE_STRONG_PASSWORDS setting. */
export const registrationSchema = (requireStrongPasswords: boolean) =>
  requireStrongPasswords
    ? registerSchema.superRefine((v, ctx) => addStrongPasswordIssues(v.password, ctx, 'password'))
    : registerSchema;

/** Longer than any password the shop accepts: a longer one cannot be right, and is not hashed to find out. */
const PASSWORD_INPUT_MAX = 1024;

/** An e-mail address or a username: at most an address's 254 characters, and no control characters (which no account has). */
const identifierSchema = z
  .string()
  .max(254, MESSAGES.invalidCredentials)
  .refine((v) => !hasControlCharacters(v), MESSAGES.invalidCredentials);

export const loginSchema = z.object({
  identifier: required('Please enter your email or username').pipe(identifierSchema),
  password: z
    .string({ required_error: 'Please enter your password' })
    .min(1, 'Please enter your password')
    .max(PASSWORD_INPUT_MAX, MESSAGES.invalidCredentials),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const adminLoginSchema = z.object({
  email: required('Email is required').pipe(emailSchema),
  password: z
    .string({ required_error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_INPUT_MAX, MESSAGES.invalidCredentials),
});
export type AdminLoginInput = z.infer<typeof adminLoginSchema>;

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/**
 * True for an http or https link, or a path on the shop's own site (`/uploads/...`): never
 * `javascript:`, `data:` or a protocol-relative `//host` link.
 */
export function isWebUrl(value: string): boolean {
  if (value.startsWith('/')) return !/^\/[/\\]/.test(value) && !/[\s\\]/.test(value);
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** A link the shop shows as an image. */
const webUrl = (message: string) => z.string({ invalid_type_error: message }).trim().max(500, message).refine(isWebUrl, message);

/** `PUT /auth/me`: a partial update of profile fields, or just `lastLogin`. */
export const updateProfileSchema = z.object({
  username: required(MESSAGES.usernameAndEmail).pipe(usernameRules).optional(),
  email: required(MESSAGES.usernameAndEmail).pipe(emailSchema).optional(),
  phone: z.union([z.literal(''), phoneSchema]).nullable().optional(),
  name: optionalText(100),
  profilePic: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    webUrl(MESSAGES.profilePic).nullable().optional(),
  ),
  companyName: optionalText(120),
  lastLogin: z.unknown().optional(),
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ required_error: 'Current password is required' }).min(1, 'Current password is required'),
    newPassword: z
      .string({ required_error: 'New password must be at least 8 characters long' })
      .min(8, 'New password must be at least 8 characters long')
      .max(128, 'Password must be at most 128 characters long'),
    confirmPassword: z.string().optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.newPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** What the user service enforces on a new password, given its REQUIRE_STRONG_PASSWORDS setting. */
export const passwordChangeSchema = (requireStrongPasswords: boolean) =>
  requireStrongPasswords
    ? changePasswordSchema.superRefine((v, ctx) => addStrongPasswordIssues(v.newPassword, ctx, 'newPassword'))
    : changePasswordSchema;

/** `POST /auth/forgot-password`: the answer never says whether the address is registered. */
export const forgotPasswordSchema = z.object({
  email: required('Email is required').pipe(emailSchema),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** `POST /auth/reset-password`: the token from the e-mailed link and the new password. */
export const resetPasswordSchema = z.object({
  token: required(MESSAGES.resetLinkInvalid).pipe(z.string().max(200, MESSAGES.resetLinkInvalid)),
  password: registerSchema.shape.password,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** A reset password meets the same rules as a new account's, given REQUIRE_STRONG_PASSWORDS. */
export const passwordResetSchema = (requireStrongPasswords: boolean) =>
  requireStrongPasswords
    ? resetPasswordSchema.superRefine((v, ctx) => addStrongPasswordIssues(v.password, ctx, 'password'))
    : resetPasswordSchema;

export const addressSchema = z.object({
  name: required(MESSAGES.addressFields).pipe(z.string().max(100)),
  phone: required(MESSAGES.addressFields).pipe(phoneSchema),
  street: required(MESSAGES.addressFields).pipe(z.string().max(300)),
  city: required(MESSAGES.addressFields).pipe(z.string().max(100)),
  state: required(MESSAGES.addressFields).pipe(z.enum(INDIAN_STATES, { errorMap: () => ({ message: MESSAGES.state }) })),
  pinCode: required(MESSAGES.addressFields).pipe(z.string().regex(/^\d{6}$/, MESSAGES.pinCode)),
  country: z.literal(COUNTRY, { errorMap: () => ({ message: MESSAGES.country }) }).default(COUNTRY),
  isDefault: z.boolean().optional(),
});
export type AddressInput = z.infer<typeof addressSchema>;

export const uuidSchema = z.string().uuid();

/** `DELETE /auth/sessions/:id`: one of the customer's devices. */
export const sessionEndSchema = z.object({
  id: z.string({ required_error: MESSAGES.sessionNotFound, invalid_type_error: MESSAGES.sessionNotFound }).uuid(MESSAGES.sessionNotFound),
});
export type SessionEndInput = z.infer<typeof sessionEndSchema>;

/** The most sessions one `user.session.touch` reports; a gateway replica sends more in several. */
export const SESSION_TOUCH_MAX = 1000;

export const sessionTouchSchema = z.object({
  sessions: z
    .array(z.object({ id: z.string().uuid(), at: z.string().datetime() }))
    .max(SESSION_TOUCH_MAX),
});

export const wishlistSchema = z.object({
  productId: z.string({ required_error: MESSAGES.invalidProductId, invalid_type_error: MESSAGES.invalidProductId }).uuid(MESSAGES.invalidProductId),
});
export type WishlistInput = z.infer<typeof wishlistSchema>;

/**
 * The Google account the gateway signed in with (OpenID Connect userinfo, already fetched from
 * Google with the code the shopper brought back), for the user service to sign in or register.
 */
export const googleSignInSchema = z.object({
  googleId: z.string().trim().min(1).max(64),
  email: emailSchema.pipe(z.string().max(254)),
  emailVerified: z.boolean(),
  name: z.string().trim().max(100).nullish(),
  picture: webUrl(MESSAGES.profilePic).nullish(),
});
export type GoogleSignInInput = z.infer<typeof googleSignInSchema>;
