import { Inject, Injectable, Logger } from '@nestjs/common';
import { HealthDetails, SERVICE_CONFIG } from '@shop/kit';
import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport, type Transporter } from 'nodemailer';
import type { UserConfig } from '../config/user-config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

interface LastFailure {
  at: string;
  error: string;
}

/**
 * Sends mail through SMTP_URL. Without it (a developer's machine, tests) each mail is written as
 * an .eml file to MAILBOX_DIR, so the whole flow still works and the mail can be opened.
 * Whether the last mail went out is the "mail" part of GET /health/details: a relay that refuses
 * mail is seen there, not only in the log.
 */
@Injectable()
export class MailerService {
  private readonly logger = new Logger(MailerService.name);
  private readonly transport: Transporter;
  private readonly mailbox: string | null;
  private sent = 0;
  private failed = 0;
  private lastFailure: LastFailure | null = null;
  private failingSince: string | null = null;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: UserConfig,
    health: HealthDetails,
  ) {
    if (config.SMTP_URL) {
      this.transport = createTransport(config.SMTP_URL);
      this.mailbox = null;
    } else {
      this.transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      this.mailbox = config.MAILBOX_DIR;
    }
    health.register('mail', () => ({
      up: this.failingSince === null,
      transport: this.mailbox ? `mailbox ${this.mailbox}` : 'smtp',
      sent: this.sent,
      failed: this.failed,
      ...(this.failingSince && { failingSince: this.failingSince }),
      ...(this.lastFailure && { lastFailure: this.lastFailure }),
    }));
  }

  async send(mail: OutgoingMail): Promise<void> {
    try {
      await this.deliver(mail);
      this.sent += 1;
      this.failingSince = null;
    } catch (err) {
      const at = new Date().toISOString();
      this.failed += 1;
      this.failingSince ??= at;
      this.lastFailure = { at, error: (err as Error).message };
      throw err;
    }
  }

  private async deliver(mail: OutgoingMail): Promise<void> {
    const info = await this.transport.sendMail({ from: this.config.MAIL_FROM, ...mail });
    if (!this.mailbox) return;
    await mkdir(this.mailbox, { recursive: true });
    // Time first, so a directory listing reads in the order the mails were sent.
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
    const file = join(this.mailbox, name);
    // Written aside, then renamed: whoever lists the mailbox never sees a half-written (or empty) mail.
    const partial = join(this.mailbox, `.${name}.partial`);
    await writeFile(partial, (info as { message: Buffer }).message);
    await rename(partial, file);
    this.logger.log(`No SMTP_URL: mail written to ${file}`);
  }
}
