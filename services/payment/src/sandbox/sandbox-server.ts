import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { SERVICE_CONFIG } from '@shop/kit';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PaymentConfig, SANDBOX_KEYS } from '../config/payment-config';
import { equalsInConstantTime } from '../razorpay/signatures';
import { SandboxProviderError, SandboxProviderService } from './sandbox-provider.service';
import { SandboxWebhooks } from './sandbox-webhooks';

const MAX_BODY_BYTES = 64 * 1024;

type Route = {
  method: string;
  pattern: RegExp;
  handle: (params: string[], body: Record<string, unknown>, req: IncomingMessage) => Promise<unknown>;
};

/**
 * The simulated Razorpay REST API on loopback, answering the calls the official SDK makes, with
 * Razorpay's Basic authentication and error shapes. It runs unless the mode is pinned live.
 */
@Injectable()
export class SandboxServer implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('RazorpaySandbox');
  private server?: Server;
  private url?: string;
  private readonly routes: Route[];

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: PaymentConfig,
    private readonly provider: SandboxProviderService,
    private readonly webhooks: SandboxWebhooks,
  ) {
    this.routes = [
      {
        method: 'POST',
        pattern: /^\/v1\/orders$/,
        handle: (_, body) => this.provider.createOrder(SANDBOX_KEYS.keyId, body),
      },
      { method: 'GET', pattern: /^\/v1\/orders\/([\w-]+)$/, handle: ([id]) => this.provider.getOrder(id) },
      {
        method: 'GET',
        pattern: /^\/v1\/orders\/([\w-]+)\/payments$/,
        handle: ([id]) => this.provider.orderPayments(id),
      },
      {
        method: 'GET',
        pattern: /^\/v1\/payments\/([\w-]+)$/,
        handle: ([id]) => this.provider.getPayment(id),
      },
      {
        method: 'POST',
        pattern: /^\/v1\/payments\/([\w-]+)\/capture$/,
        handle: ([id], body) => this.capture(id, body.amount),
      },
      {
        method: 'POST',
        pattern: /^\/v1\/payments\/([\w-]+)\/refund$/,
        handle: ([id], body, req) => this.refund(id, body, req.headers['x-refund-idempotency']),
      },
      {
        // The sandbox's own: ends a pending refund, as Razorpay does in its own time.
        method: 'POST',
        pattern: /^\/v1\/sandbox\/refunds\/([\w-]+)\/settle$/,
        handle: ([id], body) => this.settle(id, body.status),
      },
    ];
  }

  get enabled(): boolean {
    return this.config.PAYMENT_MODE !== 'live';
  }

  /** The base URL the SDK is pointed at. */
  get baseUrl(): string {
    if (!this.url) throw new Error('The Razorpay sandbox is not running');
    return this.url;
  }

  async onModuleInit(): Promise<void> {
    if (!this.enabled) return;
    const server = createServer((req, res) => void this.serve(req, res));
    server.keepAliveTimeout = 30_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.RAZORPAY_SANDBOX_PORT, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    this.logger.log(`simulated Razorpay listening on ${this.url}`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      if (!this.authenticated(req.headers.authorization)) {
        return send(res, 401, {
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'Authentication failed',
            source: 'NA',
            step: 'NA',
            reason: 'NA',
            metadata: {},
          },
        });
      }
      const path = new URL(req.url ?? '/', 'http://sandbox').pathname;
      for (const route of this.routes) {
        const match = req.method === route.method ? route.pattern.exec(path) : null;
        if (!match) continue;
        const body = req.method === 'POST' ? await readJson(req) : {};
        return send(res, 200, await route.handle(match.slice(1), body, req));
      }
      send(res, 400, SandboxProviderError.badRequest('The requested URL was not found on the server.').body);
    } catch (err) {
      if (err instanceof SandboxProviderError) return send(res, err.status, err.body);
      this.logger.error(err instanceof Error ? err : String(err));
      send(res, 500, {
        error: {
          code: 'SERVER_ERROR',
          description: 'The server encountered an error. The incident has been reported to admins.',
          source: 'NA',
          step: 'NA',
          reason: 'NA',
          metadata: {},
        },
      });
    }
  }

  private async capture(id: string, amount: unknown) {
    const { order, payment } = await this.provider.capturePayment(id, amount);
    this.webhooks.send([
      { event: 'payment.captured', payment },
      { event: 'order.paid', payment, order },
    ]);
    return payment;
  }

  private async refund(
    id: string,
    body: Record<string, unknown>,
    idempotencyKey: string | string[] | undefined,
  ) {
    const key = Array.isArray(idempotencyKey) ? idempotencyKey[0] : idempotencyKey;
    const { refund, payment, created, outcome } = await this.provider.refundPayment(id, body, key);
    if (created && refund.status === 'processed')
      this.webhooks.send([{ event: 'refund.processed', payment, refund }]);
    // Answered pending, as Razorpay does, and failed straight after: the webhook says so.
    if (created && outcome === 'failed') await this.settle(refund.id, 'failed');
    return refund;
  }

  private async settle(id: string, status: unknown) {
    const { refund, payment } = await this.provider.settleRefund(id, status);
    this.webhooks.send([
      { event: refund.status === 'failed' ? 'refund.failed' : 'refund.processed', payment, refund },
    ]);
    return refund;
  }

  private authenticated(header: string | undefined): boolean {
    if (!header?.startsWith('Basic ')) return false;
    const [keyId, ...rest] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
    return keyId === SANDBOX_KEYS.keyId && equalsInConstantTime(SANDBOX_KEYS.keySecret, rest.join(':'));
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
  });
  res.end(json);
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw SandboxProviderError.badRequest('The request body is too large');
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return {};
  try {
    const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) throw new Error('not an object');
    return parsed;
  } catch {
    throw SandboxProviderError.badRequest('The request body is not valid JSON');
  }
}
