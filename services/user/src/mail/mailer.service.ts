import { Inject, Injectable, Logger } from '@nestjs/common';
import { SERVICE_CONFIG } from '@shop/kit';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport, type Transporter } from 'nodemailer';
import type { UserConfig } from '../config/user-config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Sends mail through SMTP_URL. Without it (a developer's machine, tests) each mail is written as
 * an .eml file to MAILBOX_DIR, so the whole flow still works and the mail can be opened.
 */
@Injectable()
export class MailerService {
  private readonly logger = new Logger(MailerService.name);
  private readonly transport: Transporter;
  private readonly mailbox: string | null;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: UserConfig) {
    if (config.SMTP_URL) {
      this.transport = createTransport(config.SMTP_URL);
      this.mailbox = null;
    } else {
      this.transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      this.mailbox = config.MAILBOX_DIR;
    }
  }

  async send(mail: OutgoingMail): Promise<void> {
    const info = await this.transport.sendMail({ from: this.config.MAIL_FROM, ...mail });
    if (!this.mailbox) return;
    await mkdir(this.mailbox, { recursive: true });
    // Time first, so a directory listing reads in the order the mails were sent.
    const file = join(this.mailbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
    await writeFile(file, (info as { message: Buffer }).message);
    this.logger.log(`No SMTP_URL: mail written to ${file}`);
  }
}
