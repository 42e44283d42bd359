import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAuth, useSessionLoading } from '../../auth/AuthContext';
import { LoadingState } from '@shop/web-kit/QueryStates';

export const CALLBACK_MESSAGES = {
  working: 'Authenticating with Google...',
  providerFailed: 'Google authentication failed. Please try again.',
  tokenFailed: 'Authentication failed. Please try again.',
  noToken: 'No authentication token received.',
} as const;

function loginWithError(message: string) {
  return `/login?error=${encodeURIComponent(message)}`;
}

/**
 * The return page of third-party sign-in: the server puts a token or an error in the query. A
 * failure goes to the login page with its message; a shopper who is signed in already (the login
 * page would send them straight on, message unread) reads it here, with a way on.
 */
export default function GoogleCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { user, loginWithToken } = useAuth();
  const loading = useSessionLoading();
  const [failure, setFailure] = useState<string | null>(null);
  // The token can be used once: a second run (React's development double effects) must not repeat it.
  const started = useRef(false);

  useEffect(() => {
    if (started.current || loading) return;
    started.current = true;
    const token = params.get('token');
    const message = params.get('error')
      ? CALLBACK_MESSAGES.providerFailed
      : token
        ? null
        : CALLBACK_MESSAGES.noToken;
    if (message && user) setFailure(message);
    else if (message) navigate(loginWithError(message), { replace: true });
    else
      loginWithToken(token!).then(
        () => navigate('/', { replace: true }),
        () => navigate(loginWithError(CALLBACK_MESSAGES.tokenFailed), { replace: true }),
      );
  }, [params, navigate, loginWithToken, loading, user]);

  if (failure)
    return (
      <section className="page callback-failure">
        <p role="alert">{failure}</p>
        <Link to="/">Continue shopping</Link>
      </section>
    );
  return <LoadingState label={CALLBACK_MESSAGES.working} />;
}
