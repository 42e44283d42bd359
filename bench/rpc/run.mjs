#!/usr/bin/env node
/**
 * bench/rpc: what the gateway and the RPC hop cost. GET /api/auth/me through the gateway (JWT
 * check, then the profile from the gateway replica's cache: only the first read of an account goes
 * over RPC to the user service) at 1 and 64 requests in flight, beside a bare amqplib
 * request/reply echo over the same broker, and the ratio of the two at 1 in flight.
 *
 *   npm run build && npm run bench:rpc        (BENCH_SECONDS=10 by default)
 */
import http from 'node:http';
import amqplib from 'amqplib';
import { randomUUID } from 'node:crypto';
import { AMQP_URL, percentile, startBackend } from '../lib/backend.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/** Keep-alive HTTP client timed with hrtime, like the echo, so the two are compared fairly. */
async function gatewayRun(url, token, inFlight) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: inFlight });
  const { hostname, port } = new URL(url);
  const get = () =>
    new Promise((resolve, reject) => {
      const req = http.get({ hostname, port, path: '/api/auth/me', agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`))));
      });
      req.on('error', reject);
    });
  return timed(inFlight, get, () => agent.destroy());
}

async function timed(inFlight, once, done) {
  const latencies = [];
  const deadline = Date.now() + SECONDS * 1000;
  const worker = async () => {
    while (Date.now() < deadline) {
      const started = process.hrtime.bigint();
      await once();
      latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: inFlight }, worker));
  const elapsed = (Date.now() - started) / 1000;
  await done();
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), rps: latencies.length / elapsed };
}

/** A request/reply echo with nothing but amqplib: the floor the RPC hop can approach. */
async function echoRun(inFlight) {
  const queue = `bench.echo.${randomUUID()}`;
  const server = await amqplib.connect(AMQP_URL, { noDelay: true });
  const sch = await server.createChannel();
  await sch.assertQueue(queue, { durable: false, autoDelete: true });
  await sch.prefetch(64);
  await sch.consume(queue, (msg) => {
    sch.sendToQueue(msg.properties.replyTo, msg.content, { correlationId: msg.properties.correlationId });
    sch.ack(msg);
  });
  const client = await amqplib.connect(AMQP_URL, { noDelay: true });
  const cch = await client.createChannel();
  const pending = new Map();
  await cch.consume('amq.rabbitmq.reply-to', (msg) => {
    pending.get(msg.properties.correlationId)?.();
  }, { noAck: true });
  const body = Buffer.from(JSON.stringify({ pattern: 'echo', data: { actor: { userId: randomUUID(), role: 'customer' }, data: {} } }));
  const call = () =>
    new Promise((resolve) => {
      const id = randomUUID();
      pending.set(id, () => {
        pending.delete(id);
        resolve();
      });
      cch.sendToQueue(queue, body, { correlationId: id, replyTo: 'amq.rabbitmq.reply-to' });
    });
  return timed(inFlight, call, async () => {
    await client.close();
    await server.close();
  });
}

const fmt = (n) => (n >= 100 ? n.toFixed(0) : n.toFixed(2));

async function main() {
  const backend = await startBackend({ services: ['user'] });
  try {
    const password = 'Bench@12345';
    const username = `bench${Date.now()}`;
    const res = await fetch(`${backend.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, email: `${username}@bench.local`, password }),
    });
    const { token } = await res.json();
    if (!token) throw new Error(`could not register the bench user (${res.status})`);
    await gatewayRun(backend.url, token, 8); // warm-up: JIT, pools, connections

    const rows = [];
    for (const inFlight of [1, 64]) {
      const gw = await gatewayRun(backend.url, token, inFlight);
      const echo = await echoRun(inFlight);
      rows.push({ inFlight, gw, echo });
    }
    console.log(`\nbench/rpc — ${SECONDS} s per run, ${new Date().toISOString()}`);
    console.log('in flight | GET /api/auth/me p50 / p99 ms | req/s  | bare amqplib echo p50 / p99 ms | req/s');
    for (const { inFlight, gw, echo } of rows) {
      console.log(
        `${String(inFlight).padStart(9)} | ${`${fmt(gw.p50)} / ${fmt(gw.p99)}`.padStart(29)} | ${fmt(gw.rps).padStart(6)} | ${`${fmt(echo.p50)} / ${fmt(echo.p99)}`.padStart(30)} | ${fmt(echo.rps)}`,
      );
    }
    const one = rows[0];
    console.log(`\ngateway p50 / echo p50 at 1 in flight: ${(one.gw.p50 / one.echo.p50).toFixed(2)}x (aim: within 2x)`);
  } finally {
    await backend.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
