import { HealthDetails } from '@shop/kit';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UserConfig } from '../config/user-config';
import { MailerService } from './mailer.service';

const mail = {
  to: 'shopper@example.com',
  subject: 'Reset your password',
  text: 'a link',
  html: '<p>a link</p>',
};

/** A port nothing listens on: the relay refuses the connection. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function mailer(config: Partial<UserConfig>) {
  const health = new HealthDetails();
  const service = new MailerService(
    { MAIL_FROM: 'MS & Jaksh <no-reply@msjaksh.in>', ...config } as UserConfig,
    health,
  );
  const detail = () => Object.fromEntries(health.read()).mail;
  return { service, detail };
}

describe('MailerService health detail', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mailer-'));
  });

  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('reports mail as down, with the error, when the SMTP relay refuses the mail', async () => {
    const { service, detail } = mailer({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
    expect(detail()).toMatchObject({ up: true, transport: 'smtp', sent: 0, failed: 0 });

    await expect(service.send(mail)).rejects.toThrow(/ECONNREFUSED/);

    expect(detail()).toMatchObject({
      up: false,
      transport: 'smtp',
      failed: 1,
      failingSince: expect.any(String),
      lastFailure: { at: expect.any(String), error: expect.stringMatching(/ECONNREFUSED/) },
    });
  });

  it('writes each mail to the mailbox volume without SMTP_URL and reports mail as up', async () => {
    const { service, detail } = mailer({ MAILBOX_DIR: join(dir, 'mailbox') });
    await service.send(mail);
    expect(await readdir(join(dir, 'mailbox'))).toEqual([expect.stringMatching(/\.eml$/)]);
    expect(detail()).toMatchObject({
      up: true,
      transport: `mailbox ${join(dir, 'mailbox')}`,
      sent: 1,
      failed: 0,
    });
  });

  it('reports mail as down when the mailbox cannot be written, and up again once a mail goes out', async () => {
    await writeFile(join(dir, 'not-a-directory'), '');
    const broken = mailer({ MAILBOX_DIR: join(dir, 'not-a-directory', 'mailbox') });
    await expect(broken.service.send(mail)).rejects.toThrow(/ENOTDIR|EEXIST/);
    expect(broken.detail()).toMatchObject({
      up: false,
      failed: 1,
      lastFailure: { error: expect.stringMatching(/ENOTDIR|EEXIST/) },
    });

    await rm(join(dir, 'not-a-directory'));
    await broken.service.send(mail);
    expect(broken.detail()).toMatchObject({ up: true, sent: 1, failed: 1 });
    expect(broken.detail()).not.toHaveProperty('failingSince');
  });
});
