import { forgotPasswordSchema, MESSAGES } from '@shop/proto';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { failureMessage } from '../../api/client';
import { zodResolver } from '@shop/web-kit/zodResolver';
import { requestPasswordReset } from './accountRecovery';

export const FORGOT_PASSWORD_MESSAGES = {
  sent: MESSAGES.resetLinkSent,
  failed: 'Failed to send reset link',
} as const;

interface ForgotPasswordForm {
  email: string;
}

export default function ForgotPasswordPage() {
  const [sent, setSent] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordForm>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setServerError(null);
    try {
      setSent((await requestPasswordReset(email)) || FORGOT_PASSWORD_MESSAGES.sent);
    } catch (error) {
      setServerError(failureMessage(error, FORGOT_PASSWORD_MESSAGES.failed));
    }
  });

  return (
    <section className="auth-page container">
      <div className="auth-card">
        <h1>Forgot password</h1>
        {sent ? (
          <p className="notice notice-info" role="status">
            {sent}
          </p>
        ) : (
          <>
            <p className="auth-sub">
              Enter the e-mail address of your account and we will send you a link to choose a new password.
            </p>
            {serverError && (
              <p className="notice notice-error" role="alert">
                {serverError}
              </p>
            )}
            <form onSubmit={onSubmit} noValidate>
              <div className="field">
                <label htmlFor="forgot-email">Email</label>
                <input
                  id="forgot-email"
                  type="email"
                  autoComplete="email"
                  aria-invalid={errors.email ? true : undefined}
                  aria-describedby={errors.email ? 'forgot-email-error' : undefined}
                  {...register('email')}
                />
                {errors.email && (
                  <p id="forgot-email-error" className="field-error">
                    {errors.email.message}
                  </p>
                )}
              </div>
              <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
                {isSubmitting ? 'Sending...' : 'Send reset link'}
              </button>
            </form>
          </>
        )}
        <p className="auth-switch">
          Remembered it? <Link to="/login">Sign in</Link>
        </p>
      </div>
    </section>
  );
}
