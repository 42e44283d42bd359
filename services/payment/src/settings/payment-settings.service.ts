import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface PaymentSettings {
  razorpayKeyId: string;
  paymentGatewayLive: boolean;
}

/** Until the back office publishes settings, the environment decides (no key id from settings). */
const UNSET: PaymentSettings = { razorpayKeyId: '', paymentGatewayLive: false };

@Injectable()
export class PaymentSettingsService {
  constructor(private readonly dataSource: DataSource) {}

  /** Read at every payment call (so every replica follows a change at once), hence plain SQL. */
  async current(): Promise<PaymentSettings> {
    const [row]: PaymentSettings[] = await this.dataSource.query(
      `SELECT razorpay_key_id AS "razorpayKeyId", payment_gateway_live AS "paymentGatewayLive" FROM payment_settings WHERE id = 1`,
    );
    return row ?? UNSET;
  }
}
