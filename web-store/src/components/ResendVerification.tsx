import { useState } from 'react';
import { EMAIL_VERIFICATION_MESSAGES, resendVerificationEmail } from '../api/auth';
import { failureMessage } from '../api/client';
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
  const [sending, setSending] = useState<Sending>({ state: 'idle' });

  const resend = async () => {
    setSending({ state: 'sending' });
    try {
      setSending({ state: 'sent', message: await resendVerificationEmail(email) });
    } catch (error) {
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
