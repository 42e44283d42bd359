/** How the sender retries a mail (MAIL_RETRY_BASE_MS, MAIL_RETRY_MAX_MS, MAIL_MAX_ATTEMPTS). */
export interface MailRetryPolicy {
  baseMs: number;
  maxMs: number;
  maxAttempts: number;
}

/**
 * What follows a failed attempt: the wait before the next one (the base, doubling with each
 * failure, capped at the maximum), or `dead` once the mail has had all its attempts.
 */
export function afterFailedAttempt(
  attempts: number,
  policy: MailRetryPolicy,
): { retryInMs: number } | 'dead' {
  if (attempts >= policy.maxAttempts) return 'dead';
  // 2 ** 30 times any base is past every cap: the exponent stops there so it never overflows.
  return { retryInMs: Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(attempts - 1, 30)) };
}
