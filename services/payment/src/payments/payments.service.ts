import { Inject, Injectable, Logger } from '@nestjs/common';
import { EventPublisher, RpcError, SERVICE_CONFIG } from '@shop/kit';
import {
  EVENTS,
  ORDER_MESSAGES,
  OrderCancelledEvent,
  PAYMENT_MESSAGES,
  PaymentCapturedEvent,
  PaymentFailedEvent,
  PaymentOrderView,
  PaymentRefundReason,
  VerifyPaymentRequest,
  VerifyPaymentResult,
} from '@shop/proto';
import type { PoolClient, QueryResult } from 'pg';
import { DataSource, EntityManager } from 'typeorm';
import { PaymentConfig } from '../config/payment-config';
import { OrderAmountEntity, OrderClosedReason } from '../order-amounts/order-amount.entity';
import { OrderAmountsService } from '../order-amounts/order-amounts.service';
import { PaymentModeService, ProviderKey } from '../razorpay/payment-mode.service';
import { NewProviderOrder, RazorpayClient } from '../razorpay/razorpay-client.service';
import type { RazorpayOrderEntity, RazorpayPaymentEntity } from '../razorpay/razorpay.types';
import { isValidPaymentSignature } from '../razorpay/signatures';
import { PaymentReporter } from './payment.entity';
import { ProviderOrderEntity } from './provider-order.entity';
import { captureOutcome } from './refund-rules';
import { RefundSweeper } from './refund-sweeper';

const verificationFailed = () => RpcError.badRequest(PAYMENT_MESSAGES.verificationFailed);

/** The shopper's answer for a payment that will be given back. */
const refunding = (reason: PaymentRefundReason) =>
  RpcError.conflict(
    reason === 'duplicate' ? PAYMENT_MESSAGES.paidTwiceRefunding : PAYMENT_MESSAGES.notPayableRefunding,
  );

/** How long a claim may outlive the longest call to Razorpay before another call takes it over. */
const CLAIM_GRACE_MS = 5000;
const CLAIM_POLL_MS = 25;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Taking the money for an order: a provider order for the order's own amount, the browser's
 * signed result checked against the stored provider order, and one `payment.captured` per order
 * however many times (browser, webhooks, replays) the capture is reported. A payment that pays for
 * nothing (a second one, or one after the order closed) is marked owed back for PaymentRefunds.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger('Payments');

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: PaymentConfig,
    private readonly dataSource: DataSource,
    private readonly orders: OrderAmountsService,
    private readonly modes: PaymentModeService,
    private readonly razorpay: RazorpayClient,
    private readonly events: EventPublisher,
    private readonly refunds: RefundSweeper,
  ) {}

  /**
   * Idempotent: the same order always gets the same provider order (a new one only if the shop
   * switched between sandbox and live before it was paid). Simultaneous calls for one order are
   * settled by a claim row, not by a lock held across the call to Razorpay.
   */
  async createOrder(userId: string, orderId: string): Promise<PaymentOrderView> {
    const key = await this.modes.current();
    // The usual case, an open order of this shopper's nobody has asked for yet, is claimed in the
    // statement that reads the order.
    const known = await this.claimKnown(orderId, userId, key);
    const order = known ?? (await this.orders.fetch(orderId));
    if (order.userId !== userId) throw RpcError.forbidden(PAYMENT_MESSAGES.forbidden);
    const repo = this.dataSource.getRepository(ProviderOrderEntity);
    const claimTtlMs = this.config.RAZORPAY_API_TIMEOUT_MS + CLAIM_GRACE_MS;
    const waitUntil = Date.now() + 2 * claimTtlMs;
    if (known?.claimed || (!known && !order.closedReason && (await this.claim(order, key)))) {
      const made = await this.create(order, key);
      if (made) return made;
    }
    for (;;) {
      const existing = await repo.findOneBy({ orderId });
      if (existing?.status === 'creating') {
        // Another call is asking Razorpay right now; a claim older than any call can be is abandoned.
        if (
          Date.now() - existing.updatedAt.getTime() > claimTtlMs &&
          (await this.takeOver(orderId, claimTtlMs))
        ) {
          const made = await this.create(order, key);
          if (made) return made;
        } else if (Date.now() > waitUntil) {
          throw RpcError.unavailable(PAYMENT_MESSAGES.gatewayUnavailable);
        } else {
          await pause(CLAIM_POLL_MS);
        }
        continue;
      }
      if (existing && (existing.status === 'paid' || existing.mode === key.mode))
        return this.reuse(existing, order);
      assertPayable(order);
      const made = existing
        ? await this.replace(order, key)
        : (await this.claim(order, key)) && (await this.create(order, key));
      if (made) return made;
    }
  }

  async verify(userId: string, input: VerifyPaymentRequest): Promise<VerifyPaymentResult> {
    // With whether the payment reported is owed back already, read at once rather than after the checks.
    // Once per checkout, hence plain SQL: the query builder's entity mapping was a hot spot in profiles.
    const [read]: (ProviderOrderEntity & { owedRefundReason: PaymentRefundReason | null })[] =
      await this.dataSource.query(
        `SELECT ${PROVIDER_ORDER_COLUMNS},
           (SELECT p.refund_reason FROM payments p WHERE p.id = $2 AND p.order_id = po.order_id) AS "owedRefundReason"
         FROM provider_orders po WHERE po.order_id = $1`,
        [input.orderId, input.razorpay_payment_id],
      );
    const { owedRefundReason = null, ...providerOrder } = read ?? {};
    if (!read) {
      const order = await this.orders.find(input.orderId);
      if (!order) throw RpcError.notFound(PAYMENT_MESSAGES.orderNotFound);
      if (order.userId !== userId) throw RpcError.forbidden(PAYMENT_MESSAGES.forbidden);
      throw verificationFailed();
    }
    if (providerOrder.userId !== userId) throw RpcError.forbidden(PAYMENT_MESSAGES.forbidden);
    const paymentId = input.razorpay_payment_id;
    // Only the provider order this service made for this order counts, whatever the browser says.
    if (input.razorpay_order_id !== providerOrder.providerOrderId) throw verificationFailed();
    const key: ProviderKey = { mode: providerOrder.mode, keyId: providerOrder.keyId };
    const secret = await this.modes.keySecret(key.mode);
    if (!secret) throw verificationFailed();
    if (!isValidPaymentSignature(providerOrder.providerOrderId, paymentId, input.razorpay_signature, secret))
      throw verificationFailed();
    const result = { orderId: providerOrder.orderId, paymentId };
    if (owedRefundReason) throw refunding(owedRefundReason);
    // A verify retried after its answer was lost: the payment it reports already paid the order.
    if (providerOrder.status === 'paid' && providerOrder.paidPaymentId === paymentId) return result;
    if ((await this.modes.current()).mode !== key.mode) throw verificationFailed();

    let payment = await this.razorpay.fetchPayment(key, paymentId);
    if (!payment) {
      this.logger.warn(
        `payment ${paymentId} for provider order ${providerOrder.providerOrderId} is unknown to Razorpay`,
      );
      throw verificationFailed();
    }
    if (payment.order_id !== providerOrder.providerOrderId || payment.amount !== providerOrder.amountPaise) {
      this.logger.error(
        `payment ${paymentId} does not match provider order ${providerOrder.providerOrderId}`,
      );
      throw verificationFailed();
    }
    if (payment.status === 'authorized') payment = await this.capture(key, payment);
    if (payment.status !== 'captured') throw verificationFailed();
    const refundReason = await inCaptureTransaction(this.dataSource, providerOrder.orderId, payment.id, (m, locked, known) =>
      this.recordCaptured(m, locked, payment, 'browser', known),
    );
    if (refundReason) {
      void this.refunds.sweep();
      throw refunding(refundReason);
    }
    return result;
  }

  /**
   * Captures an authorized payment. A capture that fails because a simultaneous verify of the same
   * payment (or a webhook's capture) got there first is no failure: the payment is read again.
   */
  private async capture(key: ProviderKey, payment: RazorpayPaymentEntity): Promise<RazorpayPaymentEntity> {
    try {
      return await this.razorpay.capturePayment(key, payment.id, payment.amount, payment.currency);
    } catch (err) {
      const now = await this.razorpay.fetchPayment(key, payment.id);
      if (now?.status === 'captured') return now;
      throw err;
    }
  }

  /**
   * A captured payment. The first one for an open order marks it paid and publishes
   * `payment.captured`; one for an order paid by another payment, or no longer payable, is owed
   * back and never pays the order. Answers why it is owed back, or null. A payment reported again
   * stays what it was first found to be. `known`, the capture's facts when the caller read them
   * under the lock already (inCaptureTransaction), saves reading them here.
   */
  async recordCaptured(
    m: EntityManager,
    providerOrder: ProviderOrderEntity,
    payment: RazorpayPaymentEntity,
    reportedBy: PaymentReporter,
    known?: CaptureFacts,
  ): Promise<PaymentRefundReason | null> {
    // The order's closing is read under the provider order's lock, which a closing order takes too
    // (orderClosed). Not in the locking statement: its subqueries would see the snapshot taken before
    // it waited for the lock, and miss a close committed meanwhile.
    known ??= await captureFacts(m, providerOrder.orderId, payment.id);
    if (known.refundReason) return known.refundReason;
    const outcome = captureOutcome(providerOrder, payment.id, known.closedReason);
    const refundReason = outcome === 'duplicate' || outcome === 'order_closed' ? outcome : null;
    const capturedAt = new Date();
    const record = [
      payment.id,
      providerOrder.providerOrderId,
      providerOrder.orderId,
      payment.method,
      payment.amount,
      reportedBy,
      refundReason,
    ];
    if (outcome === 'pays') {
      // A payment that pays the order marks it paid, and records payment.captured, in the same statement.
      const captured = this.events.inStatement<PaymentCapturedEvent>(
        EVENTS.paymentCaptured,
        {
          orderId: providerOrder.orderId,
          paymentId: payment.id,
          providerOrderId: payment.order_id,
          amountPaise: payment.amount,
          method: payment.method,
          capturedAt: capturedAt.toISOString(),
        },
        9,
      );
      await m.query(
        `WITH recorded AS (${RECORD_PAYMENT_SQL}), paid AS (${MARK_PAID_SQL}), ${captured.cte}
         SELECT`,
        [...record, capturedAt, ...captured.params],
      );
      return null;
    }
    await m.query(RECORD_PAYMENT_SQL, record);
    if (refundReason === 'duplicate') {
      this.logger.warn(
        `order ${providerOrder.orderId} was paid twice (${providerOrder.paidPaymentId}, ${payment.id}): refunding ${payment.id}`,
      );
    } else if (refundReason === 'order_closed') {
      this.logger.warn(
        `payment ${payment.id} came after order ${providerOrder.orderId} was ${known.closedReason}: refunding it`,
      );
    }
    return refundReason;
  }

  /**
   * `order.cancelled` / `order.expired`. The payment of a paid order staff cancel is owed back
   * (`cancelled`). A payment recorded before this service heard of the close came to an order that
   * had stopped waiting for it: the order stays closed and the payment is owed back
   * (`order_closed`). The provider order's lock orders this against recordCaptured, so a payment
   * landing at the same moment is caught by one or the other.
   */
  async orderClosed(m: EntityManager, closed: OrderCancelledEvent): Promise<void> {
    const providerOrder = await lockProviderOrder(m, { orderId: closed.orderId });
    if (providerOrder?.status !== 'paid') return;
    const reason: PaymentRefundReason = closed.paid ? 'cancelled' : 'order_closed';
    const [owed]: [unknown[], number] = await m.query(
      `UPDATE payments SET status = 'refund_due', refund_reason = $2, refund_next_at = now(), updated_at = now()
       WHERE id = $1 AND status = 'captured' RETURNING id`,
      [providerOrder.paidPaymentId, reason],
    );
    if (owed.length === 0) return;
    this.logger.warn(
      closed.paid
        ? `paid order ${closed.orderId} was cancelled: refunding its payment ${providerOrder.paidPaymentId}`
        : `order ${closed.orderId} was closed (${closed.reason}) before its payment ${providerOrder.paidPaymentId} paid it: refunding it`,
    );
  }

  /** A failed attempt. A payment already known, or an order already paid, is never moved back. */
  async recordFailed(
    m: EntityManager,
    providerOrder: ProviderOrderEntity,
    payment: RazorpayPaymentEntity,
    reportedBy: PaymentReporter,
  ): Promise<void> {
    const inserted: unknown[] = await m.query(
      `INSERT INTO payments (id, provider_order_id, order_id, status, method, amount_paise, error_code, error_description, reported_by)
       VALUES ($1, $2, $3, 'failed', $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING RETURNING id`,
      [
        payment.id,
        providerOrder.providerOrderId,
        providerOrder.orderId,
        payment.method,
        payment.amount,
        payment.error_code,
        payment.error_description,
        reportedBy,
      ],
    );
    if (inserted.length === 0 || providerOrder.status === 'paid') return;
    await m
      .getRepository(ProviderOrderEntity)
      .update({ orderId: providerOrder.orderId }, { status: 'failed' });
    await this.events.publish<PaymentFailedEvent>(m, EVENTS.paymentFailed, {
      orderId: providerOrder.orderId,
      providerOrderId: payment.order_id,
      reason: payment.error_description ?? 'Payment failed',
    });
  }

  /**
   * The order, if this service knows it, and whether the right to create its provider order was
   * taken with it: only for an open order of `userId`'s that nobody has asked Razorpay about yet.
   */
  private async claimKnown(
    orderId: string,
    userId: string,
    key: ProviderKey,
  ): Promise<(OrderAmountEntity & { claimed: boolean }) | null> {
    const [known]: (OrderAmountEntity & { claimed: boolean })[] = await this.dataSource.query(
      `WITH o AS (
         SELECT order_id, user_id, amount_paise, currency, closed_reason, recorded_at FROM order_amounts WHERE order_id = $1
       ), claimed AS (
         INSERT INTO provider_orders (order_id, user_id, mode, key_id, amount_paise, currency, status)
         SELECT order_id, user_id, $3, $4, amount_paise, currency, 'creating' FROM o
         WHERE user_id = $2 AND closed_reason IS NULL
         ON CONFLICT (order_id) DO NOTHING RETURNING order_id
       )
       SELECT order_id AS "orderId", user_id AS "userId", amount_paise AS "amountPaise", currency,
              closed_reason AS "closedReason", recorded_at AS "recordedAt", EXISTS (SELECT FROM claimed) AS claimed
       FROM o`,
      [orderId, userId, key.mode, key.keyId],
    );
    return known ?? null;
  }

  /** Takes the right to create the provider order for an order nobody has asked Razorpay about yet. */
  private async claim(order: OrderAmountEntity, key: ProviderKey): Promise<boolean> {
    const claimed: unknown[] = await this.dataSource.query(
      `INSERT INTO provider_orders (order_id, user_id, mode, key_id, amount_paise, currency, status)
       VALUES ($1, $2, $3, $4, $5, $6, 'creating') ON CONFLICT (order_id) DO NOTHING RETURNING order_id`,
      [order.orderId, order.userId, key.mode, key.keyId, order.amountPaise, order.currency],
    );
    return claimed.length === 1;
  }

  private async takeOver(orderId: string, claimTtlMs: number): Promise<boolean> {
    const taken: [unknown[], number] = await this.dataSource.query(
      `UPDATE provider_orders SET updated_at = now()
       WHERE order_id = $1 AND status = 'creating' AND updated_at < now() - make_interval(secs => $2)`,
      [orderId, claimTtlMs / 1000],
    );
    return taken[1] === 1;
  }

  /** Asks Razorpay under a claim; answers null if the claim was taken over meanwhile. */
  private async create(order: OrderAmountEntity, key: ProviderKey): Promise<PaymentOrderView | null> {
    const repo = this.dataSource.getRepository(ProviderOrderEntity);
    let created: RazorpayOrderEntity;
    try {
      created = await this.razorpay.createOrder(key, newProviderOrder(order));
    } catch (err) {
      await repo.delete({ orderId: order.orderId, status: 'creating' });
      throw err;
    }
    const [, filled]: [unknown, number] = await this.dataSource.query(
      `UPDATE provider_orders SET provider_order_id = $2, mode = $3, key_id = $4, status = 'created', updated_at = now()
       WHERE order_id = $1 AND status = 'creating'`,
      [order.orderId, created.id, key.mode, key.keyId],
    );
    return filled === 1 ? view({ ...order, providerOrderId: created.id, keyId: key.keyId }) : null;
  }

  /** A provider order made in the other mode is replaced; answers null if another call got there first. */
  private async replace(order: OrderAmountEntity, key: ProviderKey): Promise<PaymentOrderView | null> {
    const created = await this.razorpay.createOrder(key, newProviderOrder(order));
    const replaced = await this.dataSource
      .createQueryBuilder()
      .update(ProviderOrderEntity)
      .set({ providerOrderId: created.id, mode: key.mode, keyId: key.keyId, status: 'created' })
      .where(`order_id = :orderId AND status IN ('created', 'failed') AND mode <> :mode`, {
        orderId: order.orderId,
        mode: key.mode,
      })
      .execute();
    return replaced.affected === 1 ? view({ ...order, providerOrderId: created.id, keyId: key.keyId }) : null;
  }

  private reuse(providerOrder: ProviderOrderEntity, order: OrderAmountEntity): PaymentOrderView {
    if (providerOrder.status === 'paid') throw RpcError.conflict(PAYMENT_MESSAGES.alreadyPaid);
    assertPayable(order);
    return view(providerOrder);
  }
}

const PROVIDER_ORDER_COLUMNS = `po.order_id AS "orderId", po.user_id AS "userId",
  po.provider_order_id AS "providerOrderId", po.mode, po.key_id AS "keyId", po.amount_paise AS "amountPaise",
  po.currency, po.status, po.paid_payment_id AS "paidPaymentId", po.paid_at AS "paidAt",
  po.created_at AS "createdAt", po.updated_at AS "updatedAt"`;

/** Records a captured payment: $1 id, $2 provider order, $3 order, $4 method, $5 paise, $6 reporter, $7 why owed back. */
const RECORD_PAYMENT_SQL = `
  INSERT INTO payments (id, provider_order_id, order_id, status, method, amount_paise, reported_by,
    refund_reason, refund_next_at)
  VALUES ($1, $2, $3, CASE WHEN $7::text IS NULL THEN 'captured' ELSE 'refund_due' END, $4, $5, $6,
    $7, CASE WHEN $7::text IS NULL THEN NULL ELSE now() END)
  ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, method = EXCLUDED.method,
    refund_reason = EXCLUDED.refund_reason, refund_next_at = EXCLUDED.refund_next_at,
    error_code = NULL, error_description = NULL, updated_at = now()`;

/** The order's provider order paid by payment $1 at $8. */
const MARK_PAID_SQL = `
  UPDATE provider_orders SET status = 'paid', paid_payment_id = $1, paid_at = $8, updated_at = now()
  WHERE order_id = $3`;

/** What decides whether a captured payment pays its order, read under the provider order's lock. */
interface CaptureFacts {
  /** Why the payment is owed back, if it was recorded as such already. */
  refundReason: PaymentRefundReason | null;
  closedReason: OrderClosedReason | null;
}

/** $1 the payment, $2 its order. */
const CAPTURE_FACTS_SQL = (payment: string, order: string) => `
  SELECT (SELECT refund_reason FROM payments WHERE id = ${payment}) AS "refundReason",
         (SELECT closed_reason FROM order_amounts WHERE order_id = ${order}) AS "closedReason"`;

async function captureFacts(m: EntityManager, orderId: string, paymentId: string): Promise<CaptureFacts> {
  const [known]: CaptureFacts[] = await m.query(CAPTURE_FACTS_SQL('$1', '$2'), [paymentId, orderId]);
  return known;
}

/**
 * Runs `work` in a transaction that holds the order's provider order locked, with the capture's
 * facts read after the lock was taken: the transaction's start, the lock and the facts go as one
 * simple query of three statements, each with its own snapshot as separate statements have (so
 * the facts still see a close committed while the lock was awaited), in one round trip instead of
 * three; in bench:checkout they were three of every verify's round trips (issue 13). The values go
 * in as literals escaped by pg, as a simple query takes no parameters.
 */
async function inCaptureTransaction<T>(
  dataSource: DataSource,
  orderId: string,
  paymentId: string,
  work: (m: EntityManager, locked: ProviderOrderEntity, known: CaptureFacts) => Promise<T>,
): Promise<T> {
  const runner = dataSource.createQueryRunner();
  const client = (await runner.connect()) as PoolClient;
  try {
    const order = client.escapeLiteral(orderId);
    const results = (await client.query(
      `START TRANSACTION;
       SELECT ${PROVIDER_ORDER_COLUMNS} FROM provider_orders po WHERE po.order_id = ${order} FOR UPDATE;
       ${CAPTURE_FACTS_SQL(client.escapeLiteral(paymentId), order)}`,
    )) as unknown as QueryResult[];
    const answer = await work(runner.manager, results[1].rows[0] as ProviderOrderEntity, results[2].rows[0] as CaptureFacts);
    await client.query('COMMIT');
    return answer;
  } catch (err) {
    // Also ends a transaction the statements left aborted.
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await runner.release();
  }
}

/** Reads a provider order and holds it until the transaction ends, so reports of one order apply one at a time. */
export async function lockProviderOrder(
  m: EntityManager,
  where: { orderId: string } | { providerOrderId: string },
): Promise<ProviderOrderEntity | null> {
  const [column, value] =
    'orderId' in where ? ['order_id', where.orderId] : ['provider_order_id', where.providerOrderId];
  const [locked]: ProviderOrderEntity[] = await m.query(
    `SELECT ${PROVIDER_ORDER_COLUMNS} FROM provider_orders po WHERE po.${column} = $1 FOR UPDATE`,
    [value],
  );
  return locked ?? null;
}

function assertPayable(order: OrderAmountEntity): void {
  if (order.closedReason === 'paid') throw RpcError.conflict(PAYMENT_MESSAGES.alreadyPaid);
  if (order.closedReason) throw RpcError.conflict(ORDER_MESSAGES.notPayable);
}

function newProviderOrder(order: OrderAmountEntity): NewProviderOrder {
  return {
    amount: order.amountPaise,
    currency: order.currency,
    receipt: order.orderId,
    notes: { orderId: order.orderId },
  };
}

function view(
  providerOrder: Pick<
    ProviderOrderEntity,
    'orderId' | 'providerOrderId' | 'keyId' | 'amountPaise' | 'currency'
  >,
): PaymentOrderView {
  return {
    id: providerOrder.providerOrderId!,
    key: providerOrder.keyId,
    amount: providerOrder.amountPaise,
    currency: providerOrder.currency,
    receipt: providerOrder.orderId,
  };
}
