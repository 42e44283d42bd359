import { PeriodicSweep } from './periodic-sweep';

/** A sweep whose passes wait until the test lets each one finish. */
class HeldSweep extends PeriodicSweep {
  passes = 0;
  private release?: () => void;
  failNext = false;

  constructor() {
    super('test sweep', 3600);
  }

  finishPass(): void {
    this.release?.();
  }

  protected async pass(): Promise<void> {
    this.passes++;
    if (this.failNext) {
      this.failNext = false;
      throw new Error('database went away');
    }
    await new Promise<void>((resolve) => (this.release = resolve));
  }
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('PeriodicSweep', () => {
  it('runs one more pass after the running one when asked during it, never two at once', async () => {
    const sweep = new HeldSweep();
    const first = sweep.sweep();
    const asked = sweep.sweep();
    sweep.sweep();
    expect(asked).toBe(first);
    expect(sweep.passes).toBe(1);
    sweep.finishPass();
    await settle();
    expect(sweep.passes).toBe(2);
    sweep.finishPass();
    await first;
    expect(sweep.passes).toBe(2);
  });

  it('logs a failed pass and goes on with the next one', async () => {
    const sweep = new HeldSweep();
    sweep.failNext = true;
    await sweep.sweep();
    const next = sweep.sweep();
    sweep.finishPass();
    await next;
    expect(sweep.passes).toBe(2);
  });

  it('waits at shutdown for the pass in flight, and starts none after', async () => {
    const sweep = new HeldSweep();
    sweep.sweep();
    let stopped = false;
    const shutdown = sweep.onApplicationShutdown().then(() => (stopped = true));
    await settle();
    expect(stopped).toBe(false);
    sweep.finishPass();
    await shutdown;
    expect(stopped).toBe(true);
    await sweep.sweep();
    expect(sweep.passes).toBe(1);
  });
});
