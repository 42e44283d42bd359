import { MESSAGES, registerSchema } from '@shop/proto';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation } from 'react-router';
import { failureMessage, isApiFailure } from '../../api/client';
import { useAuth, useSessionLoading } from '../../auth/AuthContext';
import { LoadingState } from '@shop/web-kit/QueryStates';
import { GoogleButton } from './GoogleButton';
import { NewPasswordFields } from './NewPasswordFields';
import { redirectTarget } from './redirect';

export const REGISTER_MESSAGES = {
  failed: 'Registration failed',
  googleSoon: 'Google sign-up is coming soon!',
  passwordsDoNotMatch: MESSAGES.passwordsDoNotMatch,
  tooShort: 'Password must be at least 8 characters long',
} as const;

export const MIN_PASSWORD_LENGTH = 8;

interface RegisterForm {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** Submit is enabled only when every field is filled, the passwords match and are 8+ characters. */
export function canSubmitRegistration(values: RegisterForm): boolean {
  const filled = [values.username, values.email, values.password, values.confirmPassword].every(
    (v) => v.trim() !== '',
  );
  return (
    filled && values.password === values.confirmPassword && values.password.length >= MIN_PASSWORD_LENGTH
  );
}

/** The server's validation details, else its message, else the default (spec, sections 5 and 8). */
function problemsOf(error: unknown): string[] {
  if (isApiFailure(error)) {
    if (error.details?.length) return error.details;
  }
  return [failureMessage(error, REGISTER_MESSAGES.failed)];
}

export default function RegisterPage() {
  const { user, register: createAccount } = useAuth();
  const loading = useSessionLoading();
  const location = useLocation();
  const [problems, setProblems] = useState<string[]>([]);
  const { register, handleSubmit, watch, formState } = useForm<RegisterForm>({
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });
  const values = watch();

  if (user) return <Navigate to={redirectTarget(location.state)} replace />;
  if (loading) return <LoadingState />;

  const mismatch = values.confirmPassword !== '' && values.confirmPassword !== values.password;
  const tooShort = values.password !== '' && values.password.length < MIN_PASSWORD_LENGTH;

  const onSubmit = handleSubmit(async ({ username, email, password, confirmPassword }) => {
    if (!canSubmitRegistration({ username, email, password, confirmPassword })) return;
    // The shared schema catches what the server would refuse, in the server's own words.
    const checked = registerSchema.safeParse({ username, email, password });
    if (!checked.success) {
      setProblems([...new Set(checked.error.issues.map((issue) => issue.message))]);
      return;
    }
    setProblems([]);
    try {
      await createAccount(checked.data.username, checked.data.email, checked.data.password);
    } catch (error) {
      setProblems(problemsOf(error));
    }
  });

  return (
    <section className="auth-page container">
      <div className="auth-card">
        <h1>Create an account</h1>
        <p className="auth-sub">Save addresses, track orders and keep a wishlist.</p>
        {problems.length > 0 && (
          <div className="notice notice-error" role="alert">
            <ul className="problem-list">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        )}
        <form onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor="register-username">Username</label>
            <input id="register-username" autoComplete="username" {...register('username')} />
          </div>
          <div className="field">
            <label htmlFor="register-email">Email</label>
            <input id="register-email" type="email" autoComplete="email" {...register('email')} />
          </div>
          <NewPasswordFields
            idPrefix="register"
            labels={{ password: 'Password', confirmation: 'Confirm password' }}
            password={register('password')}
            confirmation={register('confirmPassword')}
            value={values.password}
            tooShortMessage={tooShort ? REGISTER_MESSAGES.tooShort : null}
            mismatchMessage={mismatch ? REGISTER_MESSAGES.passwordsDoNotMatch : null}
          />
          <button
            type="submit"
            className="btn btn-primary btn-block"
            disabled={!canSubmitRegistration(values) || formState.isSubmitting}
          >
            {formState.isSubmitting ? 'Creating account...' : 'Create Account'}
          </button>
        </form>
        <div className="divider">
          <span>or</span>
        </div>
        <GoogleButton
          label="Sign up with Google"
          onClick={() => window.alert(REGISTER_MESSAGES.googleSoon)}
        />
        <p className="auth-switch">
          Already have an account?{' '}
          <Link to="/login" state={location.state}>
            Sign in
          </Link>
        </p>
      </div>
    </section>
  );
}
