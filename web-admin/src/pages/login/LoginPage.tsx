import {
  adminLoginSchema,
  type AdminAuthReply,
  type AdminTwoFactorChallenge,
  type AdminTwoFactorEnrolReply,
} from '@shop/proto';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { failureMessage } from '../../api/client';
import { useAdminAuth } from '../../auth/AdminAuthContext';
import { EyeIcon, EyeOffIcon } from '@shop/web-kit/icons';
import { zodResolver } from '@shop/web-kit/zodResolver';
import { RecoveryCodes, TwoFactorEnrol, TwoFactorVerify } from './TwoFactorSteps';

export const LOGIN_FAILED = 'Login failed';

interface LoginValues {
  email: string;
  password: string;
}

/** Where sign-in stands: the password, then (two-factor sign-in on) a code, or setting up the app. */
type Step =
  | { kind: 'password' }
  | { kind: 'second'; challenge: AdminTwoFactorChallenge }
  | { kind: 'recovery-codes'; reply: AdminTwoFactorEnrolReply };

/** Admin sign-in (back-office spec, section 2), with the two-factor steps when the setting is on. */
export default function LoginPage() {
  const { admin, login, startSession } = useAdminAuth();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [showPassword, setShowPassword] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({
    resolver: zodResolver(adminLoginSchema),
    defaultValues: { email: '', password: '' },
  });

  useEffect(() => {
    document.title = 'Admin Login | MS & Jaksh';
  }, []);

  useEffect(() => {
    if (admin) navigate('/dashboard', { replace: true });
  }, [admin, navigate]);

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setServerError(null);
    try {
      const challenge = await login(email, password);
      if (challenge) setStep({ kind: 'second', challenge });
      else navigate('/dashboard', { replace: true });
    } catch (error) {
      setServerError(failureMessage(error, LOGIN_FAILED));
    }
  });

  const signedIn = (reply: AdminAuthReply) => {
    startSession(reply);
    navigate('/dashboard', { replace: true });
  };
  const backToPassword = () => setStep({ kind: 'password' });

  if (step.kind !== 'password') {
    return (
      <div className="login-page">
        <main className="login-card">
          {step.kind === 'recovery-codes' ? (
            <RecoveryCodes codes={step.reply.recoveryCodes} onDone={() => signedIn(step.reply)} />
          ) : step.challenge.twoFactor === 'enrol' ? (
            <TwoFactorEnrol
              challenge={step.challenge}
              onEnrolled={(reply) => setStep({ kind: 'recovery-codes', reply })}
              onBack={backToPassword}
            />
          ) : (
            <TwoFactorVerify
              challenge={step.challenge.challenge}
              onSignedIn={signedIn}
              onBack={backToPassword}
            />
          )}
        </main>
      </div>
    );
  }

  return (
    <div className="login-page">
      <main className="login-card">
        <h1>Admin Login</h1>
        <p className="login-subtitle">Sign in to manage the MS & Jaksh shop</p>
        {serverError ? (
          <p className="form-error-banner" role="alert">
            {serverError}
          </p>
        ) : null}
        <form onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor="admin-email">Email</label>
            <input
              id="admin-email"
              type="email"
              autoComplete="username"
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? 'admin-email-error' : undefined}
              {...register('email')}
            />
            {errors.email ? (
              <p id="admin-email-error" className="field-error">
                {errors.email.message}
              </p>
            ) : null}
          </div>
          <div className="field">
            <label htmlFor="admin-password">Password</label>
            <div className="input-with-button">
              <input
                id="admin-password"
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={errors.password ? 'admin-password-error' : undefined}
                {...register('password')}
              />
              <button
                type="button"
                className="icon-button"
                aria-label={showPassword ? 'Hide password' : 'Show password'}
                aria-pressed={showPassword}
                onClick={() => setShowPassword((shown) => !shown)}
              >
                {showPassword ? <EyeOffIcon /> : <EyeIcon />}
              </button>
            </div>
            {errors.password ? (
              <p id="admin-password-error" className="field-error">
                {errors.password.message}
              </p>
            ) : null}
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
            {isSubmitting ? 'Logging in...' : 'Login'}
          </button>
        </form>
      </main>
    </div>
  );
}
