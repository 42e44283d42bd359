import { adminLoginSchema } from '@shop/proto';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { failureMessage } from '../../api/client';
import { useAdminAuth } from '../../auth/AdminAuthContext';
import { EyeIcon, EyeOffIcon } from '../../components/icons';
import { zodResolver } from '../../lib/zodResolver';

export const LOGIN_FAILED = 'Login failed';

interface LoginValues {
  email: string;
  password: string;
}

/** Admin sign-in (back-office spec, section 2). */
export default function LoginPage() {
  const { admin, login } = useAdminAuth();
  const navigate = useNavigate();
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
      await login(email, password);
      navigate('/dashboard', { replace: true });
    } catch (error) {
      setServerError(failureMessage(error, LOGIN_FAILED));
    }
  });

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
