import { Inject, Injectable, Logger } from '@nestjs/common';
import { EventPublisher, SERVICE_CONFIG } from '@shop/kit';
import {
  EVENTS,
  PaymentMode,
  PaymentRefundedEvent,
  PaymentRefundFailedEvent,
  PaymentRefundPendingEvent,
  PaymentRefundReason,
} from '@shop/proto';
import { DataSource, EntityManager } from 'typeorm';
import { PaymentConfig } from '../config/payment-config';
import { describeFailure, RazorpayClient } from '../razorpay/razorpay-client.service';
import type { RazorpayRefundEntity } from '../razorpay/razorpay.types';
import type { PaymentAttemptStatus } from './payment.entity';
import { refundGivenUp, refundReceipt, refundRetryDelaySeconds, refundStep } from './refund-rules';

/** How long a claim outlives the longest call to Razorpay before another attempt may take over. */
const CLAIM_GRACE_SECONDS = 5;

interface ClaimedRefund {
  order_id: string;
  amount_paise: number;
  refund_reason: PaymentRefundReason;
  refund_attempts: number;
  refund_round: number;
  mode: PaymentMode;
  key_id: string;
}

interface OwedPayment {
  id: string;
  order_id: string;
  provider_order_id: string;
  amount_paise: number;
  status: PaymentAttemptStatus;
  refund_reason: PaymentRefundReason;
  refund_attempts: number;
  refund_round: number;
}

/**
 * Gives back payments owed back (status `refund_due`): a second payment for a paid order, one that
 * came after its order closed, and the payment of a paid order staff cancelled. A full refund at
 * Razorpay, asked by one caller at a time under an idempotency key; Razorpay's word on it (the
 * answer, or the `refund.processed` / `refund.failed` webhook, whichever comes first) moves it:
 * `refund_pending` while Razorpay holds it and `payment.refund-pending`, `refunded` and
 * `payment.refunded` once the money went back. A failed attempt (refused, unanswered, or a refund
 * Razorpay failed) keeps the payment due and is tried again later, until PAYMENT_REFUND_MAX_ATTEMPTS:
 * then it is `refund_failed` and `payment.refund-failed` tells the order, for staff to see.
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
       RETURNING p.order_id, p.amount_paise, p.refund_reason, p.refund_attempts, p.refund_round, o.mode, o.key_id`,
      [paymentId, claimSeconds],
    );
    const due = claimed[0];
    if (!due) return;
    let refund: RazorpayRefundEntity;
    try {
      refund = await this.razorpay.refundPayment({ mode: due.mode, keyId: due.key_id }, paymentId, {
        amount: due.amount_paise,
        speed: 'normal',
        receipt: refundReceipt(paymentId, due.refund_round),
        notes: { orderId: due.order_id, paymentId, reason: due.refund_reason },
      });
    } catch (err) {
      const reason = describeFailure(err);
      await this.dataSource.transaction(async (m) => {
        const payment = await lockOwed(m, paymentId);
        // Only this attempt's failure: a webhook may have moved the refund on meanwhile.
        if (payment?.status === 'refund_due' && payment.refund_round === due.refund_round)
          await this.attemptFailed(m, payment, reason, false);
      });
      return;
    }
    await this.dataSource.transaction((m) => this.recordRefund(m, refund));
  }

  /**
   * Razorpay's word on a refund of a payment owed back: the answer to this service's request, or a
   * `refund.*` webhook (the answer may never have come back). Answers whether it changed anything.
   */
  async recordRefund(m: EntityManager, refund: RazorpayRefundEntity): Promise<boolean> {
    const payment = await lockOwed(m, refund.payment_id);
    if (!payment) return false;
    const step = refundStep(
      { id: payment.id, status: payment.status, refundRound: payment.refund_round },
      refund,
    );
    if (step === 'processed') await this.processed(m, payment, refund);
    else if (step === 'pending') await this.pending(m, payment, refund);
    else if (step === 'failed')
      await this.attemptFailed(m, payment, `refund ${refund.id} failed at Razorpay`, true);
    return step !== 'none';
  }

  private async processed(
    m: EntityManager,
    payment: OwedPayment,
    refund: RazorpayRefundEntity,
  ): Promise<void> {
    if (refund.amount < payment.amount_paise) {
      this.logger.error(
        `refund ${refund.id} of payment ${payment.id} gave back ${refund.amount} of ${payment.amount_paise} paise: not recorded`,
      );
      return;
    }
    const refundedAt = new Date();
    await m.query(
      `UPDATE payments SET status = 'refunded', refund_id = $2, refunded_at = $3, refund_next_at = NULL,
         refund_error = NULL, updated_at = now()
       WHERE id = $1`,
      [payment.id, refund.id, refundedAt],
    );
    await this.events.publish<PaymentRefundedEvent>(m, EVENTS.paymentRefunded, {
      orderId: payment.order_id,
      paymentId: payment.id,
      providerOrderId: payment.provider_order_id,
      refundId: refund.id,
      amountPaise: payment.amount_paise,
      reason: payment.refund_reason,
      refundedAt: refundedAt.toISOString(),
    });
    this.logger.log(`payment ${payment.id} of order ${payment.order_id} refunded (${refund.id})`);
  }

  private async pending(m: EntityManager, payment: OwedPayment, refund: RazorpayRefundEntity): Promise<void> {
    await m.query(
      `UPDATE payments SET status = 'refund_pending', refund_id = $2, refund_next_at = NULL, refund_error = NULL,
         updated_at = now()
       WHERE id = $1`,
      [payment.id, refund.id],
    );
    await this.events.publish<PaymentRefundPendingEvent>(m, EVENTS.paymentRefundPending, {
      orderId: payment.order_id,
      paymentId: payment.id,
      providerOrderId: payment.provider_order_id,
      refundId: refund.id,
      amountPaise: payment.amount_paise,
      reason: payment.refund_reason,
      pendingSince: new Date(refund.created_at * 1000).toISOString(),
    });
    this.logger.log(
      `refund ${refund.id} of payment ${payment.id} (order ${payment.order_id}) is pending at Razorpay`,
    );
  }

  /**
   * An attempt that failed: the refund is tried again after a back-off, or given up once it has
   * been tried PAYMENT_REFUND_MAX_ATTEMPTS times. After a refund Razorpay made and failed
   * (`newRound`), the next attempt asks under a new idempotency key.
   */
  private async attemptFailed(
    m: EntityManager,
    payment: OwedPayment,
    reason: string,
    newRound: boolean,
  ): Promise<void> {
    const attempts = payment.refund_attempts;
    const round = payment.refund_round + (newRound ? 1 : 0);
    if (refundGivenUp(attempts, this.config.PAYMENT_REFUND_MAX_ATTEMPTS)) {
      await m.query(
        `UPDATE payments SET status = 'refund_failed', refund_round = $2, refund_id = NULL, refund_next_at = NULL,
           refund_error = $3, updated_at = now()
         WHERE id = $1`,
        [payment.id, round, reason],
      );
      await this.events.publish<PaymentRefundFailedEvent>(m, EVENTS.paymentRefundFailed, {
        orderId: payment.order_id,
        paymentId: payment.id,
        providerOrderId: payment.provider_order_id,
        amountPaise: payment.amount_paise,
        reason: payment.refund_reason,
        attempts,
        error: reason,
        failedAt: new Date().toISOString(),
      });
      this.logger.error(
        `refund of payment ${payment.id} (order ${payment.order_id}) failed on attempt ${attempts} and is given up; staff must refund it: ${reason}`,
      );
      return;
    }
    const delay = refundRetryDelaySeconds(attempts, this.config.PAYMENT_REFUND_SWEEP_SECONDS);
    await m.query(
      `UPDATE payments SET status = 'refund_due', refund_round = $2, refund_id = NULL,
         refund_next_at = now() + make_interval(secs => $3), refund_error = $4, updated_at = now()
       WHERE id = $1`,
      [payment.id, round, delay, reason],
    );
    this.logger.warn(
      `refund of payment ${payment.id} (order ${payment.order_id}) failed on attempt ${attempts}, next try in ${delay}s: ${reason}`,
    );
  }
}

/** The payment, held until the transaction ends, if it is owed back or was. */
async function lockOwed(m: EntityManager, paymentId: string): Promise<OwedPayment | null> {
  const [payment]: OwedPayment[] = await m.query(
    `SELECT id, order_id, provider_order_id, amount_paise, status, refund_reason, refund_attempts, refund_round
       FROM payments WHERE id = $1 AND refund_reason IS NOT NULL FOR UPDATE`,
    [paymentId],
  );
  return payment ?? null;
}
