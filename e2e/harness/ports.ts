import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * Where the kernel's ephemeral ports start: the ports outgoing connections (to PostgreSQL, to
 * RabbitMQ) are given. A test port from that range can be taken by one of them between the check
 * and the service's listen, which failed a CI run with EADDRINUSE; ports below it are never handed
 * out that way.
 */
function ephemeralStart(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768;
  }
}

const LOWEST = 10_000;
const handedOut = new Set<number>();

const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/**
 * The first of `count` consecutive free loopback ports below the ephemeral range, none handed out
 * before by this test file (a service may not have bound the last one yet).
 */
export async function freePorts(count: number): Promise<number> {
  const highest = ephemeralStart() - count;
  for (;;) {
    const base = LOWEST + Math.floor(Math.random() * (highest - LOWEST));
    const ports = Array.from({ length: count }, (_, i) => base + i);
    if (ports.some((p) => handedOut.has(p))) continue;
    if (!(await Promise.all(ports.map(canListen))).every(Boolean)) continue;
    for (const p of ports) handedOut.add(p);
    return base;
  }
}

/** A free loopback port below the ephemeral range, for a process the test starts. */
export const freePort = (): Promise<number> => freePorts(1);
