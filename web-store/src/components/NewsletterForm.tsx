import { useState, type FormEvent } from 'react';
import { createLogger, type Logger } from '@shop/web-kit/logger';

export const NEWSLETTER_MESSAGES = {
  required: 'Email is required',
  invalid: 'Please enter a valid email',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const defaultLogger = createLogger('newsletter');

export function newsletterProblem(value: string): string | null {
  const email = value.trim();
  if (!email) return NEWSLETTER_MESSAGES.required;
  return EMAIL.test(email) ? null : NEWSLETTER_MESSAGES.invalid;
}

/**
 * The footer sign-up: the address is recorded in the log only and sent nowhere (spec, section 1).
 * A single field needs no form library, which keeps one out of every page's first download.
 */
export function NewsletterForm({ logger = defaultLogger }: { logger?: Pick<Logger, 'info'> }) {
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = newsletterProblem(email);
    setProblem(found);
    if (found) return;
    logger.info('Newsletter sign-up', email.trim());
    setEmail('');
  }

  return (
    <form className="newsletter" onSubmit={onSubmit} noValidate>
      <label htmlFor="newsletter-email">Get offers and new designs by e-mail</label>
      <div className="newsletter-row">
        <input
          id="newsletter-email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'newsletter-error' : undefined}
          onChange={(event) => {
            setEmail(event.target.value);
            if (problem) setProblem(null);
          }}
        />
        <button type="submit" className="btn btn-accent">
          Subscribe
        </button>
      </div>
      {problem && (
        <p id="newsletter-error" className="field-error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
