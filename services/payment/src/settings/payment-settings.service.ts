import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PaymentSettingsEntity } from './payment-settings.entity';

export interface PaymentSettings {
  razorpayKeyId: string;
  paymentGatewayLive: boolean;
}

/** Until the back office publishes settings, the environment decides (no key id from settings). */
const UNSET: PaymentSettings = { razorpayKeyId: '', paymentGatewayLive: false };

@Injectable()
export class PaymentSettingsService {
  constructor(private readonly dataSource: DataSource) {}

  async current(): Promise<PaymentSettings> {
    const row = await this.dataSource.getRepository(PaymentSettingsEntity).findOneBy({ id: 1 });
    return row ? { razorpayKeyId: row.razorpayKeyId, paymentGatewayLive: row.paymentGatewayLive } : UNSET;
  }
}
