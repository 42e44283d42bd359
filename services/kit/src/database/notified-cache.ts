import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import { closeQuietly } from '../events/close-quietly';

const RELISTEN_MS = 1000;

/** The names are written into the SQL, so only plain lower-case identifiers are taken. */
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * SQL for a migration: every change to `table` notifies `channel`, so that a NotifiedCache of
 * that table's rows, in every replica, drops what it holds once the change is committed.
 */
export function notifyOnChangeSql(table: string, channel: string): string[] {
  for (const name of [table, channel]) if (!IDENTIFIER.test(name)) throw new Error(`"${name}" is not a plain SQL identifier`);
  return [
    `CREATE OR REPLACE FUNCTION notify_changed() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN PERFORM pg_notify(TG_ARGV[0], ''); RETURN NULL; END $$`,
    `CREATE TRIGGER ${table}_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
     FOR EACH STATEMENT EXECUTE FUNCTION notify_changed('${channel}')`,
  ];
}

/**
 * A value read from the database and kept in memory until PostgreSQL says its table changed (see
 * notifyOnChangeSql): for rows read at every request that change once in a long while, such as a
 * service's settings replica. Each replica holds its own listening connection, so every replica
 * follows a change as soon as it commits. While that connection is down, every call reads.
 */
export class NotifiedCache<T> {
  private readonly logger = new Logger('NotifiedCache');
  private listener?: Client;
  private held?: Promise<T>;
  private stopped = false;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly read: () => Promise<T>,
  ) {
    if (!IDENTIFIER.test(channel)) throw new Error(`"${channel}" is not a plain SQL identifier`);
  }

  /** Starts listening; until it does (or after it lost the connection), every call reads. */
  async start(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({ connectionString: this.url });
    client.on('notification', () => (this.held = undefined));
    client.on('error', (err) => {
      this.logger.warn(`${this.channel} listener lost, reading at every call meanwhile: ${err.message}`);
      if (this.listener === client) this.listener = undefined;
      this.held = undefined;
      this.retry();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (err) {
      this.logger.warn(`${this.channel} listener not started, reading at every call meanwhile: ${err.message}`);
      await closeQuietly(() => client.end());
      return this.retry();
    }
    if (this.stopped) return void (await closeQuietly(() => client.end()));
    // Whatever was read before this connection listened may be stale.
    this.held = undefined;
    this.listener = client;
  }

  private retry(): void {
    if (!this.stopped) setTimeout(() => void this.start(), RELISTEN_MS).unref();
  }

  get(): Promise<T> {
    if (!this.listener) return this.read();
    if (!this.held) {
      const reading = this.read();
      this.held = reading;
      reading.catch(() => {
        if (this.held === reading) this.held = undefined;
      });
    }
    return this.held;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const listener = this.listener;
    this.listener = undefined;
    await closeQuietly(listener && (() => listener.end()));
  }
}
