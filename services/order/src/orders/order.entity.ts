import { Column, Entity, PrimaryColumn } from 'typeorm';
import type {
  CancelReason,
  OrderPaymentStatus,
  OrderStatus,
  ShippingAddressInput,
  ShippingMethod,
} from '@shop/proto';
import { paiseColumn } from '../common/paise-column';

export type ReservationState = 'pending' | 'reserved';

/** An order. Money is paise; `reservation` says whether the catalog holds its stock yet. */
@Entity('orders')
export class OrderEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid', { name: 'user_id' }) userId: string;
  @Column('text') status: OrderStatus;
  @Column('text') reservation: ReservationState;
  @Column('text', { name: 'payment_status' }) paymentStatus: OrderPaymentStatus;
  @Column('text', { name: 'payment_method' }) paymentMethod: string;
  @Column('text', { name: 'razorpay_order_id', nullable: true }) razorpayOrderId: string | null;
  @Column('text', { name: 'payment_id', nullable: true }) paymentId: string | null;
  @Column('timestamptz', { name: 'paid_at', nullable: true }) paidAt: Date | null;
  @Column('text') currency: string;
  @Column('bigint', { name: 'subtotal_paise', transformer: paiseColumn }) subtotalPaise: number;
  @Column('bigint', { name: 'discount_paise', transformer: paiseColumn }) discountPaise: number;
  @Column('bigint', { name: 'shipping_paise', transformer: paiseColumn }) shippingPaise: number;
  @Column('bigint', { name: 'tax_paise', transformer: paiseColumn }) taxPaise: number;
  @Column('numeric', {
    name: 'tax_rate',
    transformer: { to: (v: number) => v, from: (v: string) => Number(v) },
  })
  taxRate: number;
  @Column('bigint', { name: 'total_paise', transformer: paiseColumn }) totalPaise: number;
  @Column('text', { name: 'coupon_code', nullable: true }) couponCode: string | null;
  @Column('smallint', { name: 'coupon_percent' }) couponPercent: number;
  @Column('jsonb', { name: 'shipping_address' }) shippingAddress: ShippingAddressInput;
  @Column('text', { name: 'shipping_method' }) shippingMethod: ShippingMethod;
  /** The business buyer's GSTIN and company name, for a tax invoice that carries both parties'. */
  @Column('text', { name: 'buyer_gstin', nullable: true }) buyerGstin: string | null;
  @Column('text', { name: 'buyer_company', nullable: true }) buyerCompany: string | null;
  @Column('text', { name: 'tracking_number', nullable: true }) trackingNumber: string | null;
  @Column('text', { name: 'cancel_reason', nullable: true }) cancelReason: CancelReason | null;
  /** When an unpaid order expires; null for cash on delivery, which is paid at the door and never expires. */
  @Column('timestamptz', { name: 'expires_at', nullable: true }) expiresAt: Date | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
}
