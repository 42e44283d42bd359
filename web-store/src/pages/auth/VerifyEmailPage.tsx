import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EMAIL_VERIFICATION_MESSAGES, needsEmailVerification, verifyEmail } from '../../api/auth';
import { failureMessage } from '../../api/client';
import { useAuth } from '../../auth/AuthContext';
import { LoadingState } from '@shop/web-kit/QueryStates';
import { ResendVerification } from '../../components/ResendVerification';

/**
 * Where the link in the verification mail leads (`/verify-email?token=…`): confirms the address
 * with the server, then sends the customer on to the shop, or says why the link did not work and,
 * to a signed-in customer, offers a new one.
 */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, updateUser, retrySession } = useAuth();
  // A query rather than an effect: one request per token, however often the page renders.
  const verification = useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => verifyEmail(token),
    enabled: token !== '',
    staleTime: Infinity,
    gcTime: Infinity,
  });

  const resendTo = user && needsEmailVerification(user) ? user.email : undefined;

  // The session's user learns the news: the account's banner and checkout's refusal go.
  const verified = verification.data;
  useEffect(() => {
    if (!verified || !user || !needsEmailVerification(user)) return;
    if (verified.user && verified.user._id === user._id) updateUser({ ...user, ...verified.user });
    else retrySession();
  }, [verified, user, updateUser, retrySession]);

  return (
    <section className="auth-page container">
      <div className="auth-card">
        <h1>Verify your e-mail address</h1>
        {token === '' ? (
          <Refused message={EMAIL_VERIFICATION_MESSAGES.failed} email={resendTo} signedIn={Boolean(user)} />
        ) : verification.isPending ? (
          <LoadingState label="Verifying your e-mail address..." />
        ) : verification.isError ? (
          <Refused
            message={failureMessage(verification.error, EMAIL_VERIFICATION_MESSAGES.failed)}
            email={resendTo}
            signedIn={Boolean(user)}
          />
        ) : (
          <>
            <p className="notice notice-info" role="status">
              {EMAIL_VERIFICATION_MESSAGES.verified}
            </p>
            <p className="auth-sub">You can now place orders.</p>
            <div className="verify-actions">
              <Link to="/products" className="btn btn-primary">
                Continue shopping
              </Link>
              <Link to={user ? '/account' : '/login'} className="btn btn-secondary">
                {user ? 'Go to My Account' : 'Sign in'}
              </Link>
            </div>
          </>
        )}
      </div>
    </section>
  );
}

function Refused({
  message,
  email,
  signedIn = false,
}: {
  message: string;
  email?: string;
  signedIn?: boolean;
}) {
  return (
    <>
      <p className="notice notice-error" role="alert">
        {message}
      </p>
      {email ? (
        <ResendVerification email={email} />
      ) : signedIn ? (
        <Link to="/account" className="btn btn-primary">
          Go to My Account
        </Link>
      ) : (
        <p className="auth-sub">
          <Link to="/login" state={{ from: '/account' }}>
            Sign in
          </Link>{' '}
          to have a new link sent to you.
        </p>
      )}
    </>
  );
}
