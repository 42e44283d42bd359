import { render } from '@react-email/render';
import type { ReactElement } from 'react';

/** A mail as a template makes it: its subject and its body, rendered to HTML and to text. */
export interface MailContent {
  subject: string;
  body: ReactElement;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** The HTML part, and the text part from the same markup (links kept beside their words). */
export async function renderMail({ subject, body }: MailContent): Promise<RenderedMail> {
  const [html, text] = await Promise.all([render(body), render(body, { plainText: true })]);
  return { subject, html, text };
}
