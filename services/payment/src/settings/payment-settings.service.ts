import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { databaseUrl, NotifiedCache, RpcClient, RpcError, SERVICE_CONFIG } from '@shop/kit';
import { KeySecretReply, PAYMENT_MESSAGES, RPC } from '@shop/proto';
import { DataSource } from 'typeorm';
import { PaymentConfig } from '../config/payment-config';

export interface PaymentSettings {
  razorpayKeyId: string;
  /** The key secret the back office stored ('' when none), read only while payments may be live. */
  razorpayKeySecret: string;
  paymentGatewayLive: boolean;
}

/** Until the back office publishes settings, the environment decides (no key id from settings). */
const UNSET = { razorpayKeyId: '', paymentGatewayLive: false };

const KEY_SECRET_TIMEOUT_MS = 3000;

@Injectable()
export class PaymentSettingsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PaymentSettingsService.name);
  /**
   * Asked three times per checkout. Read once and kept until the table's trigger says it changed
   * (SettingsNotify migration), so every replica still follows a change as soon as it commits. Every
   * save in the back office, the key secret's included, publishes `settings.updated` and so rewrites
   * the row: a new secret is read again with it.
   */
  private readonly cache: NotifiedCache<PaymentSettings>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
    @Inject(SERVICE_CONFIG) private readonly config: PaymentConfig,
  ) {
    this.cache = new NotifiedCache(
      databaseUrl(config.DATABASE_URL, config.DATABASE_NAME!),
      'payment_settings_changed',
      () => this.read(),
    );
  }

  onApplicationBootstrap(): Promise<void> {
    return this.cache.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.cache.stop();
  }

  current(): Promise<PaymentSettings> {
    return this.cache.get();
  }

  private async read(): Promise<PaymentSettings> {
    const [row]: Omit<PaymentSettings, 'razorpayKeySecret'>[] = await this.dataSource.query(
      `SELECT razorpay_key_id AS "razorpayKeyId", payment_gateway_live AS "paymentGatewayLive" FROM payment_settings WHERE id = 1`,
    );
    const settings = row ?? UNSET;
    // A shop in the sandbox never handles the live secret, nor waits for it.
    const mayBeLive =
      this.config.PAYMENT_MODE === 'live' ||
      (this.config.PAYMENT_MODE !== 'sandbox' && settings.paymentGatewayLive);
    return { ...settings, razorpayKeySecret: mayBeLive ? await this.storedKeySecret() : '' };
  }

  /**
   * The secret stays with admin-reporting, which stores it, and is never published: asked for here.
   * Without an answer no live payment can be signed with the right secret, so none is tried.
   */
  private async storedKeySecret(): Promise<string> {
    try {
      const reply = await this.rpc.call<KeySecretReply>(
        RPC.admin.settingsKeySecret,
        {},
        { timeoutMs: KEY_SECRET_TIMEOUT_MS },
      );
      return reply.razorpayKeySecret ?? '';
    } catch (err) {
      this.logger.warn(`the Razorpay key secret could not be read from admin-reporting: ${err.message}`);
      throw RpcError.unavailable(PAYMENT_MESSAGES.gatewayUnavailable);
    }
  }
}
