import { plainTextSelectors, render } from '@react-email/render';
import { compile } from 'html-to-text';
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

/**
 * React Email's own text conversion (what `render(body, {plainText: true})` does), compiled once:
 * converting with fresh options compiles every selector again, and rendering the tree a second time
 * for the text doubled the work of every mail.
 */
const toText = compile({ wordwrap: false, selectors: plainTextSelectors });

/** The HTML part, and the text part from the same markup (links kept beside their words). */
export async function renderMail({ subject, body }: MailContent): Promise<RenderedMail> {
  const html = await render(body);
  return { subject, html, text: toText(html) };
}
