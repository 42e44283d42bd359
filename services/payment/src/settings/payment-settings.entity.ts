import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The part of the shop's settings this service uses, as of the latest `settings.updated`. */
@Entity('payment_settings')
export class PaymentSettingsEntity {
  @PrimaryColumn('smallint')
  id: number;

  @Column('text', { name: 'razorpay_key_id' })
  razorpayKeyId: string;

  @Column('boolean', { name: 'payment_gateway_live' })
  paymentGatewayLive: boolean;

  @Column('timestamptz', { name: 'as_of' })
  asOf: Date;
}
