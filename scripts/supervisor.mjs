/**
 * Keeps a set of child processes running for `npm start`: a process that exits on its own is
 * started again after a back-off (1 s, doubling to 30 s, back to 1 s once it has stayed up for a
 * minute), and the log says so. `stop()` ends them all with SIGTERM, waits for their drain, and
 * restarts nothing.
 */
import { spawn } from 'node:child_process';

export const BACKOFF = { firstMs: 1000, maxMs: 30_000, healthyAfterMs: 60_000 };

export class Supervisor {
  /**
   * @param {object} options
   * @param {(text: string) => void} options.say  where the supervisor's own lines go
   * @param {(name: string, child: import('node:child_process').ChildProcess) => void} options.attach  shows a child's output
   * @param {typeof BACKOFF} [options.backoff]
   */
  constructor({ say, attach, backoff = BACKOFF }) {
    this.say = say;
    this.attach = attach;
    this.backoff = backoff;
    /** @type {Map<string, { spec: { command: string, args: string[], options: object }, child?: import('node:child_process').ChildProcess, startedAt: number, delayMs: number, timer?: NodeJS.Timeout, restarts: number }>} */
    this.processes = new Map();
    this.stopping = false;
  }

  /** Starts `command args` under `name` and keeps it running. */
  start(name, command, args, options) {
    const entry = { spec: { command, args, options }, startedAt: 0, delayMs: this.backoff.firstMs, restarts: 0 };
    this.processes.set(name, entry);
    this.run(name, entry);
  }

  /** True while the named process is running (not waiting to be restarted). */
  isRunning(name) {
    const child = this.processes.get(name)?.child;
    return Boolean(child && child.exitCode === null && child.signalCode === null);
  }

  run(name, entry) {
    entry.timer = undefined;
    entry.startedAt = Date.now();
    const child = spawn(entry.spec.command, entry.spec.args, { ...entry.spec.options, stdio: ['ignore', 'pipe', 'pipe'] });
    entry.child = child;
    this.attach(name, child);
    child.on('error', (err) => this.say(`[supervisor] ${name} could not be started: ${err.message}`));
    child.on('exit', (code, signal) => {
      entry.child = undefined;
      if (this.stopping) return;
      if (Date.now() - entry.startedAt >= this.backoff.healthyAfterMs) entry.delayMs = this.backoff.firstMs;
      const delayMs = entry.delayMs;
      entry.delayMs = Math.min(delayMs * 2, this.backoff.maxMs);
      entry.restarts += 1;
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      this.say(`[supervisor] ${name} ${how}; restarting in ${formatDelay(delayMs)}`);
      entry.timer = setTimeout(() => this.run(name, entry), delayMs);
    });
  }

  /** SIGTERM to every process (each drains within its grace period), SIGKILL after `killAfterMs`. */
  async stop(killAfterMs) {
    this.stopping = true;
    const exits = [];
    for (const entry of this.processes.values()) {
      clearTimeout(entry.timer);
      const child = entry.child;
      if (!child) continue;
      exits.push(new Promise((resolve) => child.once('exit', resolve)));
      child.kill('SIGTERM');
    }
    const killer = setTimeout(() => {
      for (const entry of this.processes.values()) entry.child?.kill('SIGKILL');
    }, killAfterMs);
    await Promise.all(exits);
    clearTimeout(killer);
  }
}

function formatDelay(ms) {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
