import { ChildProcess, spawn } from 'node:child_process';
import { freePort } from '../../harness/ports';


export async function waitFor(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs: number,
  details: () => string = () => '',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}\n${details()}`);
}

/** A child process whose output is kept for the failure message. */
export class Proc {
  readonly child: ChildProcess;
  private output = '';

  constructor(
    readonly name: string,
    command: string,
    args: string[],
    env: Record<string, string>,
    cwd?: string,
  ) {
    this.child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => (this.output += chunk.toString());
    this.child.stdout!.on('data', keep);
    this.child.stderr!.on('data', keep);
  }

  get log() {
    return this.output;
  }

  get exited() {
    return this.child.exitCode !== null || this.child.signalCode !== null;
  }

  async stop(): Promise<void> {
    if (this.exited) return;
    const gone = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([gone, new Promise((r) => (timer = setTimeout(r, 5000)))]);
    clearTimeout(timer);
    if (!this.exited) {
      this.child.kill('SIGKILL');
      await gone;
    }
  }
}

export { freePort };
