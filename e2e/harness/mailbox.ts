import { ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports';

const MAILDEV = join(__dirname, '..', '..', 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js');

/** A mail as maildev's REST API gives it (`GET /api/email`, @maildev/core's Email). */
export interface InboxMail {
  id: string;
  subject: string;
  from: { address: string; name: string }[];
  to: { address: string; name: string }[];
  text?: string;
  html?: string;
  headers: Record<string, string | string[]>;
  attachments: {
    fileName?: string;
    filename?: string;
    contentType: string;
    length?: number;
    size?: number;
  }[];
  time: string;
}

export interface MailMatch {
  to?: string;
  subject?: string | RegExp;
}

export interface Mailbox {
  /** Where services send mail (SMTP_URL). */
  smtpUrl: string;
  /** maildev's web inbox and REST API. */
  webUrl: string;
  /** Every mail the inbox holds, oldest first. */
  all(): Promise<InboxMail[]>;
  /** A mail as it arrived over SMTP (headers maildev's parsed view leaves out, such as Reply-To). */
  source(id: string): Promise<string>;
  /** The mails that match, once there are at least `count` of them (1 by default). */
  waitFor(match: MailMatch, options?: { count?: number; timeoutMs?: number }): Promise<InboxMail[]>;
  /** Stops maildev: its SMTP port refuses connections until `start`. */
  stop(): Promise<void>;
  /** Starts it again on the same ports, with the mails it held (they are kept on disk). */
  start(): Promise<void>;
  /** Stops it for good and removes its mails. */
  close(): Promise<void>;
}

const matches = (mail: InboxMail, { to, subject }: MailMatch) =>
  (!to || mail.to.some((a) => a.address.toLowerCase() === to.toLowerCase())) &&
  (subject === undefined ||
    (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject)));

/**
 * A maildev of the test's own, on free loopback ports, read over its REST API the way a person
 * reads its web inbox: the tests see the mail the shop sent over SMTP, not a mock. Its mails live
 * in a directory of its own, so they survive `stop` and `start` (the fault tests).
 */
export async function startMailbox(): Promise<Mailbox> {
  const mailbox = await createMailbox();
  await mailbox.start();
  return mailbox;
}

/** A mailbox with its ports and directory chosen, not started yet: `start()` runs maildev. */
export async function createMailbox(): Promise<Mailbox> {
  const [smtpPort, webPort, dir] = await Promise.all([
    freePort(),
    freePort(),
    mkdtemp(join(tmpdir(), 'maildev-')),
  ]);
  const webUrl = `http://127.0.0.1:${webPort}`;
  let child: ChildProcess | undefined;
  let output = '';

  const start = async () => {
    output = '';
    const args = [
      '--smtp',
      String(smtpPort),
      '--web',
      String(webPort),
      '--ip',
      '127.0.0.1',
      '--web-ip',
      '127.0.0.1',
    ];
    child = spawn(process.execPath, [MAILDEV, ...args, '--mail-directory', dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // maildev starts beside the backend's six services: on a shared two-core machine, busy with
    // other test runs, it has printed nothing yet after 30 s. A minute costs nothing when it is quick.
    const started = Date.now();
    const deadline = started + 60_000;
    for (;;) {
      if (
        await fetch(`${webUrl}/api/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
      if (child.exitCode !== null || child.signalCode || Date.now() > deadline)
        throw new Error(
          `maildev did not start (exit ${child.exitCode ?? child.signalCode ?? 'none'} after ${Date.now() - started} ms):\n${output}`,
        );
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGTERM');
    const killer = setTimeout(() => running.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(killer);
  };

  const all = async (): Promise<InboxMail[]> => {
    const res = await fetch(`${webUrl}/api/email`);
    if (!res.ok) throw new Error(`maildev answered ${res.status}`);
    return res.json() as Promise<InboxMail[]>;
  };

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    webUrl,
    all,
    async source(id) {
      const res = await fetch(`${webUrl}/api/email/${encodeURIComponent(id)}/source`);
      if (!res.ok) throw new Error(`maildev answered ${res.status}`);
      return res.text();
    },
    async waitFor(match, { count = 1, timeoutMs = 15_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = (await all().catch(() => [])).filter((mail) => matches(mail, match));
        if (found.length >= count) return found;
        if (Date.now() > deadline)
          throw new Error(
            `Expected ${count} mail(s) matching ${JSON.stringify({ ...match, subject: String(match.subject) })}, found ${found.length}`,
          );
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    stop,
    start,
    async close() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
