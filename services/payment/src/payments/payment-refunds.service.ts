import { Inject, Injectable, Logger } from '@nestjs/common';
import { EventPublisher, SERVICE_CONFIG } from '@shop/kit';
import { EVENTS, PaymentMode, PaymentRefundedEvent, PaymentRefundReason } from '@shop/proto';
import { DataSource, EntityManager } from 'typeorm';
import { PaymentConfig } from '../config/payment-config';
import { describeFailure, RazorpayClient } from '../razorpay/razorpay-client.service';
import type { RazorpayRefundEntity } from '../razorpay/razorpay.types';
import { refundReceipt, refundRetryDelaySeconds } from './refund-rules';

/** How long a claim outlives the longest call to Razorpay before another attempt may take over. */
const CLAIM_GRACE_SECONDS = 5;

interface ClaimedRefund {
  order_id: string;
  amount_paise: number;
  refund_reason: PaymentRefundReason;
  refund_attempts: number;
  mode: PaymentMode;
  key_id: string;
}

interface RefundedPayment {
  order_id: string;
  provider_order_id: string;
  amount_paise: number;
  refund_reason: PaymentRefundReason;
}

/**
 * Gives back payments that paid for nothing (status `refund_due`): a full refund at Razorpay, asked
 * by one caller at a time, recorded once whether the answer or the `refund.processed` webhook comes
 * first, and published as `payment.refunded`. A failed attempt keeps the payment due and is tried
 * again later; nothing is lost to a provider that is down.
 */
@Injectable()
export class PaymentRefunds {
  private readonly logger = new Logger('Refunds');

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: PaymentConfig,
    private readonly dataSource: DataSource,
    private readonly razorpay: RazorpayClient,
    private readonly events: EventPublisher,
  ) {}

  /** Tries the refunds that are due, oldest first; answers how many it took up. */
  async refundDue(batch: number): Promise<number> {
    const due: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM payments WHERE status = 'refund_due' AND refund_next_at <= now() ORDER BY refund_next_at LIMIT $1`,
      [batch],
    );
    for (const { id } of due) await this.refund(id);
    return due.length;
  }

  /**
   * One attempt at a payment's refund, if it is due and no other attempt holds it. The claim is a
   * row update, not a lock held across the call to Razorpay.
   */
  async refund(paymentId: string): Promise<void> {
    const claimSeconds = this.config.RAZORPAY_API_TIMEOUT_MS / 1000 + CLAIM_GRACE_SECONDS;
    const [claimed]: [ClaimedRefund[], number] = await this.dataSource.query(
      `UPDATE payments p SET refund_attempts = p.refund_attempts + 1,
         refund_next_at = now() + make_interval(secs => $2), updated_at = now()
       FROM provider_orders o
       WHERE p.id = $1 AND p.status = 'refund_due' AND p.refund_next_at <= now() AND o.order_id = p.order_id
       RETURNING p.order_id, p.amount_paise, p.refund_reason, p.refund_attempts, o.mode, o.key_id`,
      [paymentId, claimSeconds],
    );
    const due = claimed[0];
    if (!due) return;
    let refund: RazorpayRefundEntity;
    try {
      refund = await this.razorpay.refundPayment({ mode: due.mode, keyId: due.key_id }, paymentId, {
        amount: due.amount_paise,
        speed: 'normal',
        receipt: refundReceipt(paymentId),
        notes: { orderId: due.order_id, paymentId, reason: due.refund_reason },
      });
    } catch (err) {
      await this.failed(paymentId, due, describeFailure(err));
      return;
    }
    await this.dataSource.transaction((m) => this.recordRefund(m, refund));
  }

  /**
   * Records Razorpay's full refund of a payment that was due one, and publishes `payment.refunded`.
   * Answers false when there is nothing to record: already recorded, not due, or not a full refund.
   */
  async recordRefund(m: EntityManager, refund: RazorpayRefundEntity): Promise<boolean> {
    if (refund.status === 'failed') return false;
    const refundedAt = new Date(refund.created_at * 1000);
    const [recorded]: [RefundedPayment[], number] = await m.query(
      `UPDATE payments SET status = 'refunded', refund_id = $2, refunded_at = $3, refund_next_at = NULL,
         refund_error = NULL, updated_at = now()
       WHERE id = $1 AND status = 'refund_due' AND amount_paise <= $4
       RETURNING order_id, provider_order_id, amount_paise, refund_reason`,
      [refund.payment_id, refund.id, refundedAt, refund.amount],
    );
    const payment = recorded[0];
    if (!payment) return false;
    await this.events.publish<PaymentRefundedEvent>(m, EVENTS.paymentRefunded, {
      orderId: payment.order_id,
      paymentId: refund.payment_id,
      providerOrderId: payment.provider_order_id,
      refundId: refund.id,
      amountPaise: payment.amount_paise,
      reason: payment.refund_reason,
      refundedAt: refundedAt.toISOString(),
    });
    this.logger.log(`payment ${refund.payment_id} of order ${payment.order_id} refunded (${refund.id})`);
    return true;
  }

  private async failed(paymentId: string, due: ClaimedRefund, reason: string): Promise<void> {
    const delay = refundRetryDelaySeconds(due.refund_attempts, this.config.PAYMENT_REFUND_SWEEP_SECONDS);
    await this.dataSource.query(
      `UPDATE payments SET refund_next_at = now() + make_interval(secs => $2), refund_error = $3, updated_at = now()
       WHERE id = $1 AND status = 'refund_due'`,
      [paymentId, delay, reason],
    );
    this.logger.warn(
      `refund of payment ${paymentId} (order ${due.order_id}) failed on attempt ${due.refund_attempts}, next try in ${delay}s: ${reason}`,
    );
  }
}
