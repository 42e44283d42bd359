const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The reset e-mail, as plain text and HTML. */
export function resetMail(
  username: string,
  link: string,
  minutes: number,
): { subject: string; text: string; html: string } {
  const text = [
    `Hello ${username},`,
    '',
    'We received a request to reset the password of your MS & Jaksh account. Open this link to choose a new one:',
    '',
    link,
    '',
    `The link works once and expires in ${minutes} minutes. If you did not ask for it, you can ignore this e-mail: your password stays as it is.`,
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(username)},</p>
<p>We received a request to reset the password of your MS &amp; Jaksh account.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a></p>
<p>The link works once and expires in ${minutes} minutes. If you did not ask for it, you can ignore this e-mail: your password stays as it is.</p>`;
  return { subject: 'Reset your MS & Jaksh password', text, html };
}
