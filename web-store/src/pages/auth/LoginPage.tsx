import { loginSchema } from '@shop/proto';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { failureMessage } from '../../api/client';
import { useAuth, useSessionLoading } from '../../auth/AuthContext';
import { LoadingState } from '@shop/web-kit/QueryStates';
import { zodResolver } from '@shop/web-kit/zodResolver';
import { fetchSignInProviders } from './accountRecovery';
import { GoogleButton } from './GoogleButton';
import { redirectTarget } from './redirect';

export const LOGIN_MESSAGES = {
  failed: 'Login failed',
  sessionExpired: 'Your session has expired. Please sign in again.',
  /** Shown for an `error` query parameter that is not one of the app's own messages. */
  genericError: 'Sign-in failed. Please try again.',
  google: 'Continue with Google',
  googleUnavailable: 'Google sign-in is unavailable',
} as const;

/** Messages the app itself sends to this page through the `error` query parameter. */
const KNOWN_ERRORS = [
  'Google authentication failed. Please try again.',
  'Authentication failed. Please try again.',
  'No authentication token received.',
];

/** With "Remember me" the identifier is filled in on the next visit. */
const REMEMBERED_KEY = 'rememberedIdentifier';

interface LoginForm {
  identifier: string;
  password: string;
  remember: boolean;
}

export default function LoginPage() {
  const { user, login } = useAuth();
  const loading = useSessionLoading();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [queryError] = useState(() => {
    const error = params.get('error');
    if (!error) return null;
    return KNOWN_ERRORS.includes(error) ? error : LOGIN_MESSAGES.genericError;
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  // A notice handed over by another page, e.g. "password reset, sign in with the new one".
  const [notice] = useState(() => (location.state as { notice?: unknown } | null)?.notice);
  const providers = useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: ({ signal }) => fetchSignInProviders(signal),
    staleTime: Infinity,
  });
  // Unavailable once the server says so or cannot say; while it is being asked the button waits.
  const googleUnavailable = providers.isError || providers.data?.google === false;

  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({
    resolver: zodResolver(loginSchema),
    defaultValues: { identifier: '', password: '', remember: false },
  });

  // Browser storage, read once the page is in the browser (the server renders a visitor's page).
  useLayoutEffect(() => {
    const remembered = localStorage.getItem(REMEMBERED_KEY);
    if (remembered) reset({ identifier: remembered, password: '', remember: true });
  }, [reset]);

  // The error parameter is shown once and then removed from the address bar (spec, section 2).
  useEffect(() => {
    if (!params.has('error')) return;
    const next = new URLSearchParams(params);
    next.delete('error');
    setParams(next, { replace: true, state: location.state });
  }, [params, setParams, location.state]);

  if (user) return <Navigate to={redirectTarget(location.state)} replace />;
  if (loading) return <LoadingState />;

  const onSubmit = handleSubmit(async ({ identifier, password, remember }) => {
    setServerError(null);
    try {
      await login(identifier.trim(), password);
      if (remember) localStorage.setItem(REMEMBERED_KEY, identifier.trim());
      else localStorage.removeItem(REMEMBERED_KEY);
    } catch (error) {
      setServerError(failureMessage(error, LOGIN_MESSAGES.failed));
    }
  });

  const sessionExpired = params.get('session') === 'expired';
  const banner = serverError ?? queryError;

  return (
    <section className="auth-page container">
      <div className="auth-card">
        <h1>Sign in</h1>
        <p className="auth-sub">Welcome back. Sign in to see your orders, wishlist and saved addresses.</p>
        {typeof notice === 'string' && !banner && (
          <p className="notice notice-info" role="status">
            {notice}
          </p>
        )}
        {sessionExpired && !banner && (
          <p className="notice notice-info" role="status">
            {LOGIN_MESSAGES.sessionExpired}
          </p>
        )}
        {banner && (
          <p className="notice notice-error" role="alert">
            {banner}
          </p>
        )}
        <form onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor="login-identifier">Email or username</label>
            <input
              id="login-identifier"
              autoComplete="username"
              aria-invalid={errors.identifier ? true : undefined}
              aria-describedby={errors.identifier ? 'login-identifier-error' : undefined}
              {...register('identifier')}
            />
            {errors.identifier && (
              <p id="login-identifier-error" className="field-error">
                {errors.identifier.message}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor="login-password">Password</label>
            <div className="password-row">
              <input
                id="login-password"
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={errors.password ? 'login-password-error' : undefined}
                {...register('password')}
              />
              <button
                type="button"
                className="btn-link toggle-password"
                aria-pressed={showPassword}
                aria-controls="login-password"
                onClick={() => setShowPassword((s) => !s)}
              >
                {showPassword ? 'Hide' : 'Show'}
                <span className="visually-hidden"> password</span>
              </button>
            </div>
            {errors.password && (
              <p id="login-password-error" className="field-error">
                {errors.password.message}
              </p>
            )}
          </div>
          <div className="form-row-between">
            <label className="checkbox">
              <input type="checkbox" {...register('remember')} />
              Remember me
            </label>
            <Link to="/forgot-password">Forgot password?</Link>
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
            {isSubmitting ? 'Signing in...' : 'Sign In'}
          </button>
        </form>
        <div className="divider">
          <span>or</span>
        </div>
        <GoogleButton
          label={googleUnavailable ? LOGIN_MESSAGES.googleUnavailable : LOGIN_MESSAGES.google}
          disabled={providers.data?.google !== true}
          onClick={() => window.location.assign('/api/auth/google')}
        />
        <p className="auth-switch">
          New here?{' '}
          <Link to="/register" state={location.state}>
            Create an account
          </Link>
        </p>
      </div>
    </section>
  );
}
