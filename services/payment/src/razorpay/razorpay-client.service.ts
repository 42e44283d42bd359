import { Inject, Injectable, Logger } from '@nestjs/common';
import { RpcError, SERVICE_CONFIG } from '@shop/kit';
import { PAYMENT_MESSAGES } from '@shop/proto';
import Razorpay from 'razorpay';
import { PaymentConfig, RAZORPAY_API_URL } from '../config/payment-config';
import { SandboxServer } from '../sandbox/sandbox-server';
import { PaymentModeService, type ProviderKey } from './payment-mode.service';
import type { RazorpayOrderEntity, RazorpayPaymentEntity, RazorpayRefundEntity } from './razorpay.types';

export interface NewProviderOrder {
  amount: number;
  currency: string;
  receipt: string;
  notes: Record<string, string>;
}

/** A full refund asked once per payment: `receipt` is also the request's idempotency key. */
export interface NewRefund {
  amount: number;
  speed: 'normal';
  receipt: string;
  notes: Record<string, string>;
}

/** The parts of an axios request the refund interceptor reads and writes. */
interface SdkRequest {
  method?: string;
  url?: string;
  data?: unknown;
  headers: { set(name: string, value: string): unknown };
}

/** An axios failure: `response` is absent when the call got no answer at all. */
interface SdkFailure {
  message: string;
  response?: unknown;
}

/** The SDK keeps its axios instance as `api.rq`; its typings do not declare it. */
interface SdkHttp {
  api: {
    rq: {
      defaults: { baseURL?: string; timeout?: number; maxRedirects?: number };
      interceptors: {
        request: { use(intercept: (request: SdkRequest) => SdkRequest): number };
        response: { use(onAnswer: undefined, onFailure: (err: SdkFailure) => Promise<never>): number };
      };
    };
  };
}

const REFUND_PATH = /\/payments\/[^/]+\/refund$/;

/**
 * Razorpay through the official SDK. In sandbox mode the SDK's axios instance is pointed at the
 * simulator on loopback; everything else (requests, auth, error shapes) is the SDK's own.
 */
@Injectable()
export class RazorpayClient {
  private readonly logger = new Logger('Razorpay');
  /** One SDK per key, made again when the back office replaces the key's secret. */
  private readonly sdks = new Map<string, { secret: string; sdk: Razorpay }>();

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: PaymentConfig,
    private readonly sandbox: SandboxServer,
    private readonly modes: PaymentModeService,
  ) {}

  async createOrder(key: ProviderKey, order: NewProviderOrder): Promise<RazorpayOrderEntity> {
    return this.call(
      'create order',
      async () => (await this.sdk(key)).orders.create(order) as unknown as Promise<RazorpayOrderEntity>,
    );
  }

  /** Null when Razorpay says it has no such payment (it answers 400 "The id provided does not exist"). */
  async fetchPayment(key: ProviderKey, paymentId: string): Promise<RazorpayPaymentEntity | null> {
    return this.call('fetch payment', async () => {
      try {
        return (await (await this.sdk(key)).payments.fetch(paymentId)) as unknown as RazorpayPaymentEntity;
      } catch (err) {
        if (isUnknownId(err)) return null;
        throw err;
      }
    });
  }

  async capturePayment(
    key: ProviderKey,
    paymentId: string,
    amount: number,
    currency: string,
  ): Promise<RazorpayPaymentEntity> {
    return this.call(
      'capture payment',
      async () =>
        (await this.sdk(key)).payments.capture(
          paymentId,
          amount,
          currency,
        ) as unknown as Promise<RazorpayPaymentEntity>,
    );
  }

  /** Fails with Razorpay's own error (see describeFailure): the caller keeps the refund due and says why. */
  async refundPayment(key: ProviderKey, paymentId: string, refund: NewRefund): Promise<RazorpayRefundEntity> {
    return (await this.sdk(key)).payments.refund(
      paymentId,
      refund,
    ) as unknown as Promise<RazorpayRefundEntity>;
  }

  private async sdk(key: ProviderKey): Promise<Razorpay> {
    const secret = await this.modes.keySecret(key.mode);
    if (!secret) throw RpcError.unavailable(PAYMENT_MESSAGES.gatewayNotConfigured);
    const cacheKey = `${key.mode}:${key.keyId}`;
    const held = this.sdks.get(cacheKey);
    if (held?.secret === secret) return held.sdk;
    const sdk = new Razorpay({ key_id: key.keyId, key_secret: secret });
    const http = (sdk as unknown as SdkHttp).api.rq;
    http.defaults.baseURL = key.mode === 'sandbox' ? this.sandbox.baseUrl : RAZORPAY_API_URL;
    http.defaults.timeout = this.config.RAZORPAY_API_TIMEOUT_MS;
    // The simulator never redirects: without redirects axios uses node's http directly instead of
    // follow-redirects' wrapper around it, a share of every sandbox call's CPU in profiles.
    if (key.mode === 'sandbox') http.defaults.maxRedirects = 0;
    http.interceptors.request.use(withRefundIdempotency);
    http.interceptors.response.use(undefined, sayingWhyUnanswered);
    this.sdks.set(cacheKey, { secret, sdk });
    return sdk;
  }

  /** Whatever the provider answers wrong, the shopper sees one retryable message; the log keeps the rest. */
  private async call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof RpcError) throw err;
      this.logger.error(`Razorpay ${what} failed: ${describeFailure(err)}`);
      throw RpcError.unavailable(PAYMENT_MESSAGES.gatewayUnavailable);
    }
  }
}

/** Razorpay's answer to an id it does not have: a client error, not an outage. */
function isUnknownId(err: unknown): boolean {
  const status = (err as { statusCode?: number } | null)?.statusCode;
  return status === 400 || status === 404;
}

/** What went wrong with a call, in Razorpay's words when it answered: the SDK rejects with `{statusCode, error}`. */
export function describeFailure(err: unknown): string {
  const answered = err as { error?: { description?: string }; statusCode?: number } | null;
  if (answered?.error?.description)
    return answered.statusCode
      ? `${answered.statusCode} ${answered.error.description}`
      : answered.error.description;
  return err instanceof Error ? err.message : String(err);
}

/**
 * Razorpay makes one refund per `X-Refund-Idempotency` key, so a retry after a lost answer gets the
 * same refund back instead of a second one. The SDK's refund() takes no headers; the key is the
 * refund's receipt, which this service makes one per payment.
 */
function withRefundIdempotency(request: SdkRequest): SdkRequest {
  const receipt = (request.data as { receipt?: unknown } | undefined)?.receipt;
  if (request.method === 'post' && REFUND_PATH.test(request.url ?? '') && typeof receipt === 'string')
    request.headers.set('X-Refund-Idempotency', receipt);
  return request;
}

/**
 * The SDK reads the answer of every failed call (`err.response.data.error`); a call that got none
 * (a timeout, a refused connection) would become a TypeError. It gets an answer saying why instead.
 */
function sayingWhyUnanswered(err: SdkFailure): Promise<never> {
  err.response ??= { data: { error: { code: 'NO_RESPONSE', description: err.message } } };
  return Promise.reject(err);
}
