import type { ReactElement } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { User } from '../api/auth';
import { CUSTOMER_LOGIN_EXPIRED, failureMessage } from '../api/client';
import { ErrorState, LoadingState } from '@shop/web-kit/QueryStates';
import { useAuth, useSessionLoading } from './AuthContext';

export const SESSION_ERRORS = {
  /** The default when the session's user cannot be fetched (storefront spec, section 8). */
  failed: 'Token authentication failed',
} as const;

/**
 * What a page for signed-in customers shows while there is no user: a spinner while the stored
 * session is being checked; what failed, with Try again, when the check got no usable answer (the
 * token is kept); otherwise the login page, saying the session expired when the server refused it,
 * and coming back here after sign-in.
 */
export function useSignedInPage(): { user: User; instead: null } | { user: null; instead: ReactElement } {
  const { user, sessionError, sessionExpired, retrySession } = useAuth();
  const loading = useSessionLoading();
  const location = useLocation();
  if (user) return { user, instead: null };
  if (loading) return { user: null, instead: <LoadingState /> };
  if (sessionError) {
    return {
      user: null,
      instead: (
        <section className="container page narrow">
          <ErrorState message={failureMessage(sessionError, SESSION_ERRORS.failed)} onRetry={retrySession} />
        </section>
      ),
    };
  }
  return {
    user: null,
    instead: (
      <Navigate to={sessionExpired ? CUSTOMER_LOGIN_EXPIRED : '/login'} replace state={{ from: location }} />
    ),
  };
}
