import { z } from 'zod';

/** What customers read about verifying their e-mail address, and staff about two-factor sign-in. */
export const ACCOUNT_SECURITY_MESSAGES = {
  emailVerified: 'Your e-mail address is verified',
  emailAlreadyVerified: 'Your e-mail address is already verified',
  verificationLinkInvalid:
    'This verification link is not valid. Please open the latest link we sent you, or ask for a new one from My Account.',
  verificationLinkExpired:
    'This verification link has expired. Please sign in and ask for a new one from My Account.',
  verificationLinkOtherAddress:
    'This verification link was sent to an e-mail address your account no longer uses. Please open the link we sent to your current address.',
  twoFactorSignInExpired: 'This sign-in has expired. Please sign in again with your password.',
  twoFactorCodeRequired: 'Enter the 6-digit code from your authenticator app',
  twoFactorCodeOrRecoveryRequired: 'Enter the 6-digit code from your authenticator app or a recovery code',
  twoFactorCodeWrong: 'That code is not correct. Please check your authenticator app and try again.',
  twoFactorCodeUsed:
    'That code has already been used. Please wait for the next code in your authenticator app.',
  twoFactorSecretUnreadable:
    'The authenticator of this account cannot be read (was JWT_SECRET changed?). Sign in with a recovery code, or ask the operator to reset two-factor sign-in.',
  twoFactorAlreadyEnrolled:
    'An authenticator app is already set up for this account. Please sign in again with your password.',
} as const;

export const verificationLinkSentMessage = (email: string) => `We sent a new verification link to ${email}`;

export const tooManyVerificationLinks = (perHour: number) =>
  `You asked for ${perHour} verification links in the last hour. Please open the latest one, or try again later.`;

/** A verification link's token: the storefront's /verify-email page sends what its link carried. */
export const VERIFICATION_TOKEN_MAX_LENGTH = 200;

export const verifyEmailSchema = z.object({
  token: z
    .string({
      required_error: ACCOUNT_SECURITY_MESSAGES.verificationLinkInvalid,
      invalid_type_error: ACCOUNT_SECURITY_MESSAGES.verificationLinkInvalid,
    })
    .trim()
    .min(1, ACCOUNT_SECURITY_MESSAGES.verificationLinkInvalid)
    .max(VERIFICATION_TOKEN_MAX_LENGTH, ACCOUNT_SECURITY_MESSAGES.verificationLinkInvalid),
});
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;

/** `user.email.status`: whether an account's address is verified, asked by another service (no actor). */
export const emailStatusSchema = z.object({ userId: z.string().uuid() });
export type EmailStatusRequest = z.infer<typeof emailStatusSchema>;

/** A TOTP code: what authenticator apps show (RFC 6238 defaults, as Google Authenticator reads them). */
export const TOTP_DIGITS = 6;
/** Recovery codes made at enrolment, each good for one sign-in without the authenticator. */
export const RECOVERY_CODE_COUNT = 10;
/** How long the second step of a sign-in may follow its password step. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;

const TOTP_PATTERN = /^\d{6}$/;
/** Twelve letters and digits, as shown (`abcd-efgh-jkmn`); spaces, dashes and case are forgiven. */
const RECOVERY_CODE_PATTERN = /^[a-z0-9]{12}$/;

/** A code as typed: spaces and dashes (the recovery codes' grouping) dropped, lowercased. */
export const normalizeSignInCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
export const isTotpCode = (code: string) => TOTP_PATTERN.test(code);
export const isRecoveryCode = (code: string) => RECOVERY_CODE_PATTERN.test(code);

const challengeSchema = z
  .string({
    required_error: ACCOUNT_SECURITY_MESSAGES.twoFactorSignInExpired,
    invalid_type_error: ACCOUNT_SECURITY_MESSAGES.twoFactorSignInExpired,
  })
  .min(1, ACCOUNT_SECURITY_MESSAGES.twoFactorSignInExpired)
  .max(100, ACCOUNT_SECURITY_MESSAGES.twoFactorSignInExpired);

const codeSchema = (message: string, accepts: (code: string) => boolean) =>
  z
    .string({ required_error: message, invalid_type_error: message })
    .max(40, message)
    .transform(normalizeSignInCode)
    .refine(accepts, message);

/** `POST /admin2009/login/two-factor/enrol`: the first code of the authenticator just set up. */
export const twoFactorEnrolSchema = z.object({
  challenge: challengeSchema,
  code: codeSchema(ACCOUNT_SECURITY_MESSAGES.twoFactorCodeRequired, isTotpCode),
});
export type TwoFactorEnrolInput = z.infer<typeof twoFactorEnrolSchema>;

/** `POST /admin2009/login/two-factor`: a TOTP code, or one of the recovery codes. */
export const twoFactorVerifySchema = z.object({
  challenge: challengeSchema,
  code: codeSchema(
    ACCOUNT_SECURITY_MESSAGES.twoFactorCodeOrRecoveryRequired,
    (code) => isTotpCode(code) || isRecoveryCode(code),
  ),
});
export type TwoFactorVerifyInput = z.infer<typeof twoFactorVerifySchema>;
