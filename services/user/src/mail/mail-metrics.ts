import { SHOP_METRICS, shopMetrics } from '@shop/kit';
import { Counter, Gauge, type Metric } from 'prom-client';

/** Where the queue stands, as one query reads it. */
export interface MailQueueReading {
  pending: number;
  dead: number;
  oldestPendingSeconds: number;
}

/** A scrape must answer even when the database does not. */
const READ_TIMEOUT_MS = 2000;

/**
 * The mail sender's metrics, in the process's registry (GET /metrics on the health port): counters
 * by kind, and the queue's gauges read from the database at each scrape (the last reading kept when
 * the database does not answer).
 */
export class MailMetrics {
  readonly sent: Counter<'kind'>;
  readonly failedAttempts: Counter<'kind'>;
  private readonly gauges: { pending: Gauge; oldest: Gauge; dead: Gauge };
  private last: MailQueueReading = { pending: 0, dead: 0, oldestPendingSeconds: 0 };
  private reading?: Promise<void>;

  constructor(read: () => Promise<MailQueueReading>) {
    const collect = () => this.refresh(read);
    this.sent = registered(
      new Counter({
        name: SHOP_METRICS.mailsSent,
        help: 'Mails the SMTP relay accepted, by kind',
        labelNames: ['kind'],
        registers: [],
      }),
    );
    this.failedAttempts = registered(
      new Counter({
        name: SHOP_METRICS.mailAttemptsFailed,
        help: 'Failed attempts at sending a mail (retried later, or dead-lettered), by kind',
        labelNames: ['kind'],
        registers: [],
      }),
    );
    const pending: Gauge = registered(
      new Gauge({
        name: SHOP_METRICS.mailsPending,
        help: 'Mails queued and not sent yet',
        registers: [],
        collect,
      }),
    );
    const oldest: Gauge = registered(
      new Gauge({
        name: SHOP_METRICS.mailOldestPendingAge,
        help: 'Age in seconds of the oldest mail not sent yet, 0 when none waits',
        registers: [],
        collect,
      }),
    );
    const dead: Gauge = registered(
      new Gauge({
        name: SHOP_METRICS.mailsDead,
        help: 'Mails given up on (dead-lettered) and not re-driven',
        registers: [],
        collect,
      }),
    );
    this.gauges = { pending, oldest, dead };
  }

  /** The last reading, for the health details (which are read synchronously). */
  get queue(): MailQueueReading {
    return this.last;
  }

  /** Reads the queue once for all three gauges of a scrape; a failed or late reading keeps the last. */
  refresh(read: () => Promise<MailQueueReading>): Promise<void> {
    this.reading ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      const reading = await Promise.race([
        read().catch(() => undefined),
        new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), READ_TIMEOUT_MS))),
      ]);
      clearTimeout(timer);
      if (reading) this.last = reading;
      this.gauges.pending.set(this.last.pending);
      this.gauges.oldest.set(this.last.oldestPendingSeconds);
      this.gauges.dead.set(this.last.dead);
    })().finally(() => (this.reading = undefined));
    return this.reading;
  }
}

/** One registration per process: a second instance (an app made twice in a test) reuses the first's. */
function registered<M extends Metric>(metric: M): M {
  const registry = shopMetrics().registry;
  const name = (metric as unknown as { name: string }).name;
  const existing = registry.getSingleMetric(name);
  if (existing) return existing as unknown as M;
  registry.registerMetric(metric);
  return metric;
}
