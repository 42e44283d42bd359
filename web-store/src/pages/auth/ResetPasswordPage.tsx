import { MESSAGES } from '@shop/proto';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { failureMessage, isApiFailure } from '../../api/client';
import { useAuth } from '../../auth/AuthContext';
import { resetPassword } from './accountRecovery';
import { NewPasswordFields } from './NewPasswordFields';
import { MIN_PASSWORD_LENGTH, REGISTER_MESSAGES } from './RegisterPage';

export const RESET_PASSWORD_MESSAGES = {
  failed: 'Password reset failed',
  invalidLink: MESSAGES.resetLinkInvalid,
  done: 'Your password has been reset. You are now signed in.',
  passwordsDoNotMatch: MESSAGES.passwordsDoNotMatch,
  tooShort: REGISTER_MESSAGES.tooShort,
} as const;

interface ResetPasswordForm {
  password: string;
  confirmPassword: string;
}

/** The server's password rules as a list, else its message, else the default. */
function problemsOf(error: unknown): string[] {
  if (isApiFailure(error) && error.details?.length) return error.details;
  return [failureMessage(error, RESET_PASSWORD_MESSAGES.failed)];
}

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { renewSession } = useAuth();
  const [problems, setProblems] = useState<string[]>([]);
  const { register, handleSubmit, watch, formState } = useForm<ResetPasswordForm>({
    defaultValues: { password: '', confirmPassword: '' },
  });
  const values = watch();

  const mismatch = values.confirmPassword !== '' && values.confirmPassword !== values.password;
  const tooShort = values.password !== '' && values.password.length < MIN_PASSWORD_LENGTH;
  const ready = values.password.length >= MIN_PASSWORD_LENGTH && values.confirmPassword === values.password;

  const onSubmit = handleSubmit(async ({ password }) => {
    if (!ready) return;
    setProblems([]);
    try {
      // The reset ended every session of the account; the answer's token signs this tab in.
      renewSession(await resetPassword(token, password));
      window.alert(RESET_PASSWORD_MESSAGES.done);
      navigate('/account', { replace: true });
    } catch (error) {
      setProblems(problemsOf(error));
    }
  });

  if (!token) {
    return (
      <section className="auth-page container">
        <div className="auth-card">
          <h1>Choose a new password</h1>
          <p className="notice notice-error" role="alert">
            {RESET_PASSWORD_MESSAGES.invalidLink}
          </p>
          <Link to="/forgot-password" className="btn btn-primary btn-block">
            Send a new link
          </Link>
        </div>
      </section>
    );
  }

  const linkDead = problems.includes(RESET_PASSWORD_MESSAGES.invalidLink);

  return (
    <section className="auth-page container">
      <div className="auth-card">
        <h1>Choose a new password</h1>
        {problems.length > 0 && (
          <div className="notice notice-error" role="alert">
            <ul className="problem-list">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
            {linkDead && <Link to="/forgot-password">Send a new link</Link>}
          </div>
        )}
        <form onSubmit={onSubmit} noValidate>
          <NewPasswordFields
            idPrefix="reset"
            labels={{ password: 'New password', confirmation: 'Confirm new password' }}
            password={register('password')}
            confirmation={register('confirmPassword')}
            value={values.password}
            tooShortMessage={tooShort ? RESET_PASSWORD_MESSAGES.tooShort : null}
            mismatchMessage={mismatch ? RESET_PASSWORD_MESSAGES.passwordsDoNotMatch : null}
          />
          <button
            type="submit"
            className="btn btn-primary btn-block"
            disabled={!ready || formState.isSubmitting}
          >
            {formState.isSubmitting ? 'Saving...' : 'Set new password'}
          </button>
        </form>
      </div>
    </section>
  );
}
