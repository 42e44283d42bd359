import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../auth/AuthContext';
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

/** The return page of third-party sign-in: the server puts a token or an error in the query. */
export default function GoogleCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { loginWithToken } = useAuth();
  // The token can be used once: a second run (React's development double effects) must not repeat it.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = params.get('token');
    if (params.get('error')) {
      navigate(loginWithError(CALLBACK_MESSAGES.providerFailed), { replace: true });
    } else if (!token) {
      navigate(loginWithError(CALLBACK_MESSAGES.noToken), { replace: true });
    } else {
      loginWithToken(token).then(
        () => navigate('/', { replace: true }),
        () => navigate(loginWithError(CALLBACK_MESSAGES.tokenFailed), { replace: true }),
      );
    }
  }, [params, navigate, loginWithToken]);

  return <LoadingState label={CALLBACK_MESSAGES.working} />;
}
