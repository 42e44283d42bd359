import { createServer as createTcpServer } from 'node:net';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { SmtpFailure, SmtpRelay } from './smtp-relay';

const ENVELOPE = { from: 'no-reply@msjaksh.in', to: ['shopper@example.com'] };
const MESSAGE = Buffer.from(
  [
    'From: MS & Jaksh <no-reply@msjaksh.in>',
    'To: shopper@example.com',
    'Subject: Your order',
    'Message-ID: <mail-1@msjaksh.in>',
    '',
    'Thank you for your order.',
    // A lone dot in the text is escaped on the wire, not taken for the end of the message.
    '.',
    'Bye',
    '',
  ].join('\r\n'),
);

/**
 * A local SMTP server that records what it kept (messages whose DATA ended with the dot) and what
 * it dropped (DATA cut off by the connection closing), and answers as the test says.
 */
async function relayServer(
  options: { rcptReply?: (to: string) => Error | undefined; dataReply?: () => Error | undefined } = {},
) {
  const kept: string[] = [];
  const dropped: string[] = [];
  const reading: Buffer[][] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(options.rcptReply?.(address.address));
    },
    onData(stream: SMTPServerDataStream, _session, callback) {
      const chunks: Buffer[] = [];
      reading.push(chunks);
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', () => dropped.push(Buffer.concat(chunks).toString()));
      stream.on('end', () => {
        const failure = options.dataReply?.();
        if (!failure) kept.push(Buffer.concat(chunks).toString());
        callback(failure);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  /** What the server has read of the message in progress, without its end. */
  const readSoFar = () => Buffer.concat(reading.at(-1) ?? []).toString();
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { url: `smtp://127.0.0.1:${port}`, kept, dropped, readSoFar, close };
}

const prepared = async () => ({ envelope: ENVELOPE, message: MESSAGE });

const refusal = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('SmtpRelay.deliver', () => {
  it('sends the whole message but holds back its end until the commit, so the relay keeps nothing before it', async () => {
    const server = await relayServer();
    try {
      let seenAtCommit = '';
      let keptAtCommit = -1;
      const outcome = await new SmtpRelay(server.url).deliver(prepared, async () => {
        // The server holds back a message's last 4 bytes until it knows they are not its end.
        await until(() => server.readSoFar().includes('order.\r\n.\r\nB'));
        seenAtCommit = server.readSoFar();
        keptAtCommit = server.kept.length;
        return true;
      });
      expect(outcome).toBe('accepted');
      expect(seenAtCommit).toContain('Thank you for your order.\r\n.\r\nB');
      expect(keptAtCommit).toBe(0);
      expect(server.kept).toEqual([MESSAGE.toString()]);
    } finally {
      await server.close();
    }
  });

  it('closes the connection without the end when the commit says no: the relay drops the message', async () => {
    const server = await relayServer();
    try {
      const outcome = await new SmtpRelay(server.url).deliver(prepared, async () => {
        await until(() => server.readSoFar().includes('order.\r\n.\r\nB'));
        return false;
      });
      expect(outcome).toBe('withdrawn');
      await until(() => server.dropped.length === 1);
      expect(server.kept).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('drops the message and passes the error on when the commit fails', async () => {
    const server = await relayServer();
    try {
      await expect(
        new SmtpRelay(server.url).deliver(prepared, () => Promise.reject(new Error('database gone'))),
      ).rejects.toThrow('database gone');
      await until(() => server.dropped.length === 1);
      expect(server.kept).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('reports a temporary refusal of the message after the commit as a failure to retry', async () => {
    const server = await relayServer({ dataReply: () => refusal(451, 'Try again later') });
    try {
      const committed: boolean[] = [];
      const failure = await new SmtpRelay(server.url)
        .deliver(prepared, async () => (committed.push(true), true))
        .catch((err: SmtpFailure) => err);
      expect(committed).toEqual([true]);
      expect(failure).toBeInstanceOf(SmtpFailure);
      expect(failure).toMatchObject({ responseCode: 451, permanent: false });
    } finally {
      await server.close();
    }
  });

  it('reports a recipient the relay refuses with a 5xx as permanent, before any commit', async () => {
    const server = await relayServer({ rcptReply: () => refusal(550, 'No such mailbox') });
    try {
      const commit = jest.fn(async () => true);
      const failure = await new SmtpRelay(server.url)
        .deliver(prepared, commit)
        .catch((err: SmtpFailure) => err);
      expect(failure).toMatchObject({ responseCode: 550, permanent: true });
      expect((failure as Error).message).toMatch(/No such mailbox/);
      expect(commit).not.toHaveBeenCalled();
    } finally {
      await server.close();
    }
  });

  it('asks for the message only once connected, and closes the connection when it cannot be made', async () => {
    const server = await relayServer();
    try {
      await expect(
        new SmtpRelay(server.url).deliver(
          () => Promise.reject(new Error('order service unavailable')),
          async () => true,
        ),
      ).rejects.toThrow('order service unavailable');
      expect(server.kept).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('reports a relay that refuses connections as a failure to retry, without preparing the message or committing', async () => {
    const tcp = createTcpServer();
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
    const { port } = tcp.address() as { port: number };
    await new Promise((resolve) => tcp.close(resolve));
    const commit = jest.fn(async () => true);
    const failure = await new SmtpRelay(`smtp://127.0.0.1:${port}`)
      .deliver(prepared, commit)
      .catch((err) => err);
    expect(failure).toBeInstanceOf(SmtpFailure);
    expect(failure).toMatchObject({ permanent: false, message: expect.stringMatching(/ECONNREFUSED/) });
    expect(commit).not.toHaveBeenCalled();
  });

  it('names the relay by host and port, never by its password', () => {
    expect(new SmtpRelay('smtps://shop:secret@smtp.example.com:465').address).toBe('smtp.example.com:465');
  });
});
