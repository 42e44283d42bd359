import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordStrength } from './PasswordStrength';

/**
 * A new password and its confirmation, as registration and the password reset ask for them: one
 * Show/Hide for both, the strength meter, and the too-short and mismatch messages under the field
 * they concern.
 */
export function NewPasswordFields({
  idPrefix,
  labels,
  password,
  confirmation,
  value,
  tooShortMessage,
  mismatchMessage,
}: {
  idPrefix: string;
  labels: { password: string; confirmation: string };
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  /** The password typed so far, for the strength meter. */
  value: string;
  /** Shown while the password is too short; null otherwise. */
  tooShortMessage: string | null;
  /** Shown while the confirmation differs; null otherwise. */
  mismatchMessage: string | null;
}) {
  const [shown, setShown] = useState(false);
  const ids = {
    password: `${idPrefix}-password`,
    hint: `${idPrefix}-password-hint`,
    strength: `${idPrefix}-strength`,
    confirm: `${idPrefix}-confirm`,
    confirmError: `${idPrefix}-confirm-error`,
  };
  const type = shown ? 'text' : 'password';
  return (
    <>
      <div className="field">
        <label htmlFor={ids.password}>{labels.password}</label>
        <div className="password-row">
          <input
            id={ids.password}
            type={type}
            autoComplete="new-password"
            aria-describedby={`${ids.strength} ${ids.hint}`}
            aria-invalid={tooShortMessage ? true : undefined}
            {...password}
          />
          <button
            type="button"
            className="btn-link toggle-password"
            aria-pressed={shown}
            aria-controls={`${ids.password} ${ids.confirm}`}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? 'Hide' : 'Show'}
            <span className="visually-hidden"> passwords</span>
          </button>
        </div>
        {tooShortMessage && (
          <p id={ids.hint} className="field-error">
            {tooShortMessage}
          </p>
        )}
        <PasswordStrength password={value} id={ids.strength} />
      </div>
      <div className="field">
        <label htmlFor={ids.confirm}>{labels.confirmation}</label>
        <input
          id={ids.confirm}
          type={type}
          autoComplete="new-password"
          aria-invalid={mismatchMessage ? true : undefined}
          aria-describedby={mismatchMessage ? ids.confirmError : undefined}
          {...confirmation}
        />
        {mismatchMessage && (
          <p id={ids.confirmError} className="field-error">
            {mismatchMessage}
          </p>
        )}
      </div>
    </>
  );
}
