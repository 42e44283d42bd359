import { parseConnectionUrl } from 'nodemailer/lib/shared';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';

/** Up to the relay's greeting, and the longest the relay may stay silent after that. */
const CONNECT_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

/** SMTP commands whose 5xx refuses this message for good; a 5xx elsewhere (AUTH) is the shop's setup. */
const MESSAGE_COMMANDS = new Set(['MAIL FROM', 'RCPT TO', 'DATA']);

export interface SmtpEnvelope {
  from: string;
  to: string[];
}

/** A failed delivery: where it failed, and whether the relay refused the message for good. */
export class SmtpFailure extends Error {
  constructor(
    message: string,
    /** The relay's reply code, when it answered (e.g. 451, 550). */
    readonly responseCode: number | undefined,
    /** True when the relay refused this message with a 5xx: another try would be refused too. */
    readonly permanent: boolean,
  ) {
    super(message);
  }

  static of(err: unknown): SmtpFailure {
    if (err instanceof SmtpFailure) return err;
    const { message, responseCode, command } = err as SMTPConnection.SMTPError;
    const permanent = !!responseCode && responseCode >= 500 && MESSAGE_COMMANDS.has(command ?? '');
    return new SmtpFailure(message, responseCode || undefined, permanent);
  }
}

/** A message ready to go: who it goes from and to, and its bytes (RFC 5322, as MailComposer builds it). */
export interface PreparedMessage {
  envelope: SmtpEnvelope;
  message: Buffer;
}

/**
 * What became of a delivery: `accepted` (the relay answered 250 to the message's end), or
 * `withdrawn` (the commit said no: the connection was closed before the end of the message, so the
 * relay discarded it).
 */
export type DeliveryOutcome = 'accepted' | 'withdrawn';

/**
 * One SMTP relay (SMTP_URL). `deliver` sends a message the way that lets a caller record it as
 * sent exactly once: a relay keeps a message only when it reads the line with a single dot that
 * ends DATA (RFC 5321, 4.1.1.4); a connection closed before it leaves the relay nothing. So the
 * whole message goes out but its end is held back until `commit` has recorded it as sent.
 *
 * nodemailer's SMTPConnection writes that dot in its DataStream's `_flush`
 * (nodemailer/lib/smtp-connection/data-stream.js), which runs only once the message stream piped
 * into it (`message.pipe(dataStream)` in `send`) has ended: the stream here is ended only after
 * `commit` resolved true.
 */
export class SmtpRelay {
  private readonly options: SMTPConnection.Options;
  private readonly credentials?: SMTPConnection.Credentials;

  constructor(url: string) {
    const { auth, ...options } = parseConnectionUrl(url) as SMTPConnection.Options & {
      auth?: Partial<SMTPConnection.Credentials>;
    };
    this.options = {
      ...options,
      connectionTimeout: CONNECT_TIMEOUT_MS,
      greetingTimeout: CONNECT_TIMEOUT_MS,
      socketTimeout: SOCKET_TIMEOUT_MS,
    };
    if (auth?.user) this.credentials = { user: auth.user, pass: auth.pass ?? '' };
  }

  /** Where mail goes, for health and logs: the relay's host and port, never its password. */
  get address(): string {
    return `${this.options.host ?? 'localhost'}:${this.options.port ?? (this.options.secure ? 465 : 587)}`;
  }

  /**
   * Opens a connection, then asks `prepare` for the message (so nothing is rendered while the relay
   * is down), sends the envelope and the whole message but its end, then awaits `commit()`: true
   * lets the end go out and waits for the relay's answer; false closes the connection instead.
   * Throws an SmtpFailure when the relay refuses or the connection fails (the caller knows whether
   * its commit had said yes by then), and whatever `prepare` or `commit` throws, after closing the
   * connection without the end.
   */
  async deliver(
    prepare: () => Promise<PreparedMessage>,
    commit: () => Promise<boolean>,
  ): Promise<DeliveryOutcome> {
    const connection = new SMTPConnection(this.options);
    // Every failure of the connection, whatever step is waiting, ends the delivery.
    const broken = new Promise<never>((_, reject) => {
      connection.once('error', (err) => reject(SmtpFailure.of(err)));
      connection.once('end', () =>
        reject(new SmtpFailure('The SMTP connection closed unexpectedly', undefined, false)),
      );
    });
    broken.catch(() => undefined);
    const step = <T>(run: (done: (err: Error | null | undefined, value?: T) => void) => void) =>
      Promise.race([
        broken,
        new Promise<T>((resolve, reject) =>
          run((err, value) => (err ? reject(SmtpFailure.of(err)) : resolve(value as T))),
        ),
      ]);
    const body = new PassThrough();
    let answered: Promise<unknown> | undefined;
    let prepared: PreparedMessage;
    try {
      await step<void>((done) => connection.connect(done));
      if (this.credentials) await step<void>((done) => connection.login(this.credentials!, done));
    } catch (err) {
      connection.close();
      throw SmtpFailure.of(err);
    }
    try {
      prepared = await prepare();
    } catch (err) {
      connection.close();
      throw err;
    }
    const { envelope, message } = prepared;
    try {
      // The relay answers the message's end, or refuses the envelope, through this callback.
      answered = step((done) => connection.send(envelope, body, done));
      answered.catch(() => undefined);
      // SMTPConnection pipes the body into its data stream once the relay said 354 to DATA.
      await Promise.race([answered, once(body, 'resume')]);
      if (!body.write(message)) await Promise.race([answered, once(body, 'drain')]);
    } catch (err) {
      connection.close();
      throw SmtpFailure.of(err);
    }
    let committed = false;
    try {
      committed = await commit();
    } finally {
      // Closed without the end: the relay drops what it read of this message.
      if (!committed) connection.close();
    }
    if (!committed) return 'withdrawn';
    try {
      body.end();
      await answered;
      connection.quit();
      return 'accepted';
    } catch (err) {
      connection.close();
      throw SmtpFailure.of(err);
    }
  }
}
