import { useState } from 'react';
import { EMAIL_VERIFICATION_MESSAGES, resendVerificationEmail } from '../api/auth';
import { failureMessage, isApiFailure } from '../api/client';
import { useAuth } from '../auth/AuthContext';
import './resend-verification.css';

type Sending = { state: 'idle' | 'sending' } | { state: 'sent' | 'failed'; message: string };

/**
 * Sends the signed-in customer a new verification link, then says where it went (or why it could
 * not). The outcome is announced: the status line is always there for a screen reader to follow.
 */
export function ResendVerification({
  email,
  label = 'Resend verification link',
}: {
  email: string;
  label?: string;
}) {
  const { retrySession } = useAuth();
  const [sending, setSending] = useState<Sending>({ state: 'idle' });

  const resend = async () => {
    setSending({ state: 'sending' });
    try {
      setSending({ state: 'sent', message: await resendVerificationEmail(email) });
    } catch (error) {
      // 409: the address was verified meanwhile (a link opened elsewhere). That is news, not a
      // failure: the session's user is read again, and what asked for verification goes.
      if (isApiFailure(error) && error.status === 409) {
        setSending({ state: 'sent', message: error.message });
        retrySession();
        return;
      }
      setSending({
        state: 'failed',
        message: failureMessage(error, EMAIL_VERIFICATION_MESSAGES.resendFailed),
      });
    }
  };

  return (
    <div className="resend-verification">
      <button
        type="button"
        className="btn btn-secondary"
        disabled={sending.state === 'sending'}
        onClick={() => void resend()}
      >
        {sending.state === 'sending' ? 'Sending...' : label}
      </button>
      <p role="status" className="resend-outcome">
        {sending.state === 'sent' ? sending.message : ''}
      </p>
      {sending.state === 'failed' && (
        <p role="alert" className="field-error">
          {sending.message}
        </p>
      )}
    </div>
  );
}
