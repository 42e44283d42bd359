import { Inject, Injectable, Logger } from '@nestjs/common';
import { RpcError, SERVICE_CONFIG } from '@shop/kit';
import { PAYMENT_MESSAGES } from '@shop/proto';
import Razorpay from 'razorpay';
import { PaymentConfig, RAZORPAY_API_URL } from '../config/payment-config';
import { SandboxServer } from '../sandbox/sandbox-server';
import { keySecretFor } from './credentials';
import type { ProviderKey } from './payment-mode.service';
import type { RazorpayOrderEntity, RazorpayPaymentEntity } from './razorpay.types';

export interface NewProviderOrder {
  amount: number;
  currency: string;
  receipt: string;
  notes: Record<string, string>;
}

/** The SDK keeps its axios instance as `api.rq`; its typings do not declare it. */
interface SdkHttp {
  api: { rq: { defaults: { baseURL?: string; timeout?: number } } };
}

/**
 * Razorpay through the official SDK. In sandbox mode the SDK's axios instance is pointed at the
 * simulator on loopback; everything else (requests, auth, error shapes) is the SDK's own.
 */
@Injectable()
export class RazorpayClient {
  private readonly logger = new Logger('Razorpay');
  private readonly sdks = new Map<string, Razorpay>();

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: PaymentConfig,
    private readonly sandbox: SandboxServer,
  ) {}

  async createOrder(key: ProviderKey, order: NewProviderOrder): Promise<RazorpayOrderEntity> {
    return this.call(
      'create order',
      () => this.sdk(key).orders.create(order) as unknown as Promise<RazorpayOrderEntity>,
    );
  }

  async fetchPayment(key: ProviderKey, paymentId: string): Promise<RazorpayPaymentEntity> {
    return this.call(
      'fetch payment',
      () => this.sdk(key).payments.fetch(paymentId) as unknown as Promise<RazorpayPaymentEntity>,
    );
  }

  async capturePayment(
    key: ProviderKey,
    paymentId: string,
    amount: number,
    currency: string,
  ): Promise<RazorpayPaymentEntity> {
    return this.call(
      'capture payment',
      () =>
        this.sdk(key).payments.capture(
          paymentId,
          amount,
          currency,
        ) as unknown as Promise<RazorpayPaymentEntity>,
    );
  }

  private sdk(key: ProviderKey): Razorpay {
    const secret = keySecretFor(this.config, key.mode);
    if (!secret) throw RpcError.unavailable(PAYMENT_MESSAGES.gatewayNotConfigured);
    const cacheKey = `${key.mode}:${key.keyId}`;
    let sdk = this.sdks.get(cacheKey);
    if (!sdk) {
      sdk = new Razorpay({ key_id: key.keyId, key_secret: secret });
      const http = (sdk as unknown as SdkHttp).api.rq.defaults;
      http.baseURL = key.mode === 'sandbox' ? this.sandbox.baseUrl : RAZORPAY_API_URL;
      http.timeout = this.config.RAZORPAY_API_TIMEOUT_MS;
      this.sdks.set(cacheKey, sdk);
    }
    return sdk;
  }

  /** Whatever the provider answers wrong, the shopper sees one retryable message; the log keeps the rest. */
  private async call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof RpcError) throw err;
      const detail =
        (err as { error?: { description?: string }; statusCode?: number })?.error?.description ??
        (err as Error)?.message ??
        String(err);
      this.logger.error(`Razorpay ${what} failed: ${detail}`);
      throw RpcError.unavailable(PAYMENT_MESSAGES.gatewayUnavailable);
    }
  }
}
