import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { databaseUrl, NotifiedCache, SERVICE_CONFIG } from '@shop/kit';
import { DataSource } from 'typeorm';
import { PaymentConfig } from '../config/payment-config';

export interface PaymentSettings {
  razorpayKeyId: string;
  paymentGatewayLive: boolean;
}

/** Until the back office publishes settings, the environment decides (no key id from settings). */
const UNSET: PaymentSettings = { razorpayKeyId: '', paymentGatewayLive: false };

@Injectable()
export class PaymentSettingsService implements OnApplicationBootstrap, OnApplicationShutdown {
  /**
   * Asked three times per checkout. Read once and kept until the table's trigger says it changed
   * (SettingsNotify migration), so every replica still follows a change as soon as it commits.
   */
  private readonly cache: NotifiedCache<PaymentSettings>;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) config: PaymentConfig,
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
    const [row]: PaymentSettings[] = await this.dataSource.query(
      `SELECT razorpay_key_id AS "razorpayKeyId", payment_gateway_live AS "paymentGatewayLive" FROM payment_settings WHERE id = 1`,
    );
    return row ?? UNSET;
  }
}
