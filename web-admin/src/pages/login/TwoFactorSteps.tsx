import {
  type AdminAuthReply,
  type AdminTwoFactorChallenge,
  type AdminTwoFactorEnrolReply,
  twoFactorEnrolSchema,
  twoFactorVerifySchema,
} from '@shop/proto';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as adminApi from '../../api/admin';
import { failureMessage } from '../../api/client';
import { zodResolver } from '@shop/web-kit/zodResolver';

export const TWO_FACTOR_FAILED = 'Sign-in failed';

/** The authenticator code on its own, and a code of either kind, as the server checks them. */
const totpCodeSchema = twoFactorEnrolSchema.pick({ code: true });
const anyCodeSchema = twoFactorVerifySchema.pick({ code: true });

/** A base32 key in groups of four, as authenticator apps show keys typed in by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

interface CodeFormProps {
  label: string;
  kind: 'totp' | 'recovery';
  submitLabel: string;
  onSubmit(code: string): Promise<void>;
}

/** One code field with the shared rules, and the server's refusal in its own words. */
function CodeForm({ label, kind, submitLabel, onSubmit }: CodeFormProps) {
  const id = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<{ code: string }>({
    resolver: zodResolver(kind === 'totp' ? totpCodeSchema : anyCodeSchema),
    defaultValues: { code: '' },
  });

  useEffect(() => setFocus('code'), [setFocus]);

  const submit = handleSubmit(async ({ code }) => {
    setServerError(null);
    try {
      await onSubmit(code);
    } catch (error) {
      setServerError(failureMessage(error, TWO_FACTOR_FAILED));
    }
  });

  const errorId = `${id}-error`;
  return (
    <form onSubmit={submit} noValidate>
      {serverError ? (
        <p className="form-error-banner" role="alert">
          {serverError}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={`${id}-code`}>{label}</label>
        <input
          id={`${id}-code`}
          className={kind === 'totp' ? 'two-factor-code' : undefined}
          type="text"
          inputMode={kind === 'totp' ? 'numeric' : 'text'}
          autoComplete={kind === 'totp' ? 'one-time-code' : 'off'}
          spellCheck={false}
          maxLength={kind === 'totp' ? 6 : 40}
          aria-invalid={errors.code ? true : undefined}
          aria-describedby={errors.code ? errorId : undefined}
          {...register('code')}
        />
        {errors.code ? (
          <p id={errorId} className="field-error">
            {errors.code.message}
          </p>
        ) : null}
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
        {isSubmitting ? 'Verifying...' : submitLabel}
      </button>
    </form>
  );
}

function BackToPassword({ onBack }: { onBack(): void }) {
  return (
    <p className="login-switch">
      <button type="button" className="link-button" onClick={onBack}>
        Back to sign in
      </button>
    </p>
  );
}

type EnrolChallenge = Extract<AdminTwoFactorChallenge, { twoFactor: 'enrol' }>;

/** The first sign-in with two-factor on: set up an authenticator app from the QR code, then its first code. */
export function TwoFactorEnrol({
  challenge,
  onEnrolled,
  onBack,
}: {
  challenge: EnrolChallenge;
  onEnrolled(reply: AdminTwoFactorEnrolReply): void;
  onBack(): void;
}) {
  return (
    <>
      <h1>Set up two-factor sign-in</h1>
      <p className="login-subtitle">
        Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, Authy or
        similar), then enter the 6-digit code it shows.
      </p>
      <img
        className="two-factor-qr"
        src={challenge.qrCode}
        width={240}
        height={240}
        alt="QR code to scan with your authenticator app"
      />
      <p className="field-hint">
        Cannot scan it? Enter this key in the app instead:{' '}
        <code className="two-factor-key">{grouped(challenge.secret)}</code>
      </p>
      <CodeForm
        label="6-digit code"
        kind="totp"
        submitLabel="Verify and sign in"
        onSubmit={async (code) => onEnrolled(await adminApi.enrolTwoFactor(challenge.challenge, code))}
      />
      <BackToPassword onBack={onBack} />
    </>
  );
}

/** Every later sign-in: a code from the authenticator app, or one of the recovery codes. */
export function TwoFactorVerify({
  challenge,
  onSignedIn,
  onBack,
}: {
  challenge: string;
  onSignedIn(reply: AdminAuthReply): void;
  onBack(): void;
}) {
  const [useRecoveryCode, setUseRecoveryCode] = useState(false);
  const verify = async (code: string) => onSignedIn(await adminApi.verifyTwoFactor(challenge, code));
  return (
    <>
      <h1>Two-factor sign-in</h1>
      <p className="login-subtitle">
        {useRecoveryCode
          ? 'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each works once.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      {useRecoveryCode ? (
        <CodeForm
          key="recovery"
          label="Recovery code"
          kind="recovery"
          submitLabel="Sign in"
          onSubmit={verify}
        />
      ) : (
        <CodeForm key="totp" label="6-digit code" kind="totp" submitLabel="Verify" onSubmit={verify} />
      )}
      <p className="login-switch">
        <button type="button" className="link-button" onClick={() => setUseRecoveryCode((shown) => !shown)}>
          {useRecoveryCode ? 'Use your authenticator app' : 'Use a recovery code'}
        </button>
      </p>
      <BackToPassword onBack={onBack} />
    </>
  );
}

/** Shown once, after enrolment: the session starts when staff confirm they kept the codes. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const [saved, setSaved] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        Save your recovery codes
      </h1>
      <p className="login-subtitle">
        If you lose your phone, each of these codes signs you in once instead of the authenticator app. Keep
        them somewhere safe: they are shown only now.
      </p>
      <ul className="recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="field">
        <label className="checkbox">
          <input type="checkbox" checked={saved} onChange={(event) => setSaved(event.target.checked)} />I have
          saved these codes
        </label>
      </div>
      <button type="button" className="btn btn-primary btn-block" disabled={!saved} onClick={onDone}>
        Continue to the dashboard
      </button>
    </>
  );
}
