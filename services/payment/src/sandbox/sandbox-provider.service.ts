import { Injectable } from '@nestjs/common';
import type { SandboxOutcome } from '@shop/proto';
import { DataSource, EntityManager } from 'typeorm';
import type {
  RazorpayErrorBody,
  RazorpayOrderEntity,
  RazorpayPaymentEntity,
  RazorpayRefundEntity,
} from '../razorpay/razorpay.types';
import { razorpayId } from './sandbox-ids';
import { SandboxOrderEntity } from './sandbox-order.entity';
import { SandboxPaymentEntity, SandboxRefundOutcome } from './sandbox-payment.entity';
import { SandboxRefundEntity, SandboxRefundSpeed } from './sandbox-refund.entity';

/** Razorpay refuses orders under one rupee. */
const MIN_AMOUNT_PAISE = 100;

/** A refusal in Razorpay's words, with the HTTP status Razorpay answers it with. */
export class SandboxProviderError extends Error {
  constructor(
    readonly status: number,
    readonly body: RazorpayErrorBody,
  ) {
    super(body.error.description);
  }

  static badRequest(description: string, field?: string): SandboxProviderError {
    return new SandboxProviderError(400, {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description,
        source: 'business',
        step: 'payment_initiation',
        reason: 'input_validation_failed',
        field,
        metadata: {},
      },
    });
  }
}

export interface CreateSandboxOrder {
  amount?: unknown;
  currency?: unknown;
  receipt?: unknown;
  notes?: unknown;
  payment_capture?: unknown;
}

export interface SandboxPayment {
  order: RazorpayOrderEntity;
  payment: RazorpayPaymentEntity;
}

export interface CreateSandboxRefund {
  amount?: unknown;
  speed?: unknown;
  notes?: unknown;
  receipt?: unknown;
}

export interface SandboxRefund {
  refund: RazorpayRefundEntity;
  payment: RazorpayPaymentEntity;
  /** False when an idempotent retry got an earlier refund back. */
  created: boolean;
  /** What becomes of a refund made now: it fails right after the answer when this is `failed`. */
  outcome: SandboxRefundOutcome;
}

export interface RefundRequest {
  amount?: number;
  speed: SandboxRefundSpeed;
  receipt: string | null;
  notes: Record<string, string>;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{10,}$/;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

const ORDER_COLUMNS = `id, key_id AS "keyId", amount, amount_paid AS "amountPaid", currency, receipt, notes,
  auto_capture AS "autoCapture", status, attempts, created_at AS "createdAt"`;
const PAYMENT_COLUMNS = `id, order_id AS "orderId", amount, amount_refunded AS "amountRefunded", currency, status,
  method, error_code AS "errorCode", error_description AS "errorDescription", error_reason AS "errorReason",
  refund_outcome AS "refundOutcome", created_at AS "createdAt", captured_at AS "capturedAt"`;

/**
 * Checkout's payment of an order: $1 order id, $2 key id, $3 succeeded, $4 payment id, $5 method,
 * $6 when. Answers the order as it now is, or nothing when it is unknown (to that key) or paid.
 * An order with auto-capture is paid at once; without it the payment waits authorized.
 */
const paySql = (also = '') => `
  WITH paying AS (
    UPDATE sandbox_orders SET attempts = attempts + 1,
      status = CASE WHEN $3 AND auto_capture THEN 'paid' ELSE 'attempted' END,
      amount_paid = CASE WHEN $3 AND auto_capture THEN amount ELSE amount_paid END
    WHERE id = $1 AND key_id = $2 AND status <> 'paid'
    RETURNING ${ORDER_COLUMNS}
  ), payment AS (
    INSERT INTO sandbox_payments (id, order_id, amount, amount_refunded, currency, status, method,
      error_code, error_description, error_reason, captured_at, created_at)
    SELECT $4, id, amount, 0, currency,
      CASE WHEN NOT $3 THEN 'failed' WHEN "autoCapture" THEN 'captured' ELSE 'authorized' END, $5,
      CASE WHEN $3 THEN NULL ELSE 'BAD_REQUEST_ERROR' END, CASE WHEN $3 THEN NULL ELSE 'Payment failed' END,
      CASE WHEN $3 THEN NULL ELSE 'payment_failed' END, CASE WHEN $3 AND "autoCapture" THEN $6::timestamptz END, $6
    FROM paying
  )${also}
  SELECT * FROM paying`;

const PAY_SQL = paySql();

/**
 * The simulated Razorpay's books: its orders and payments, kept in this service's database so that
 * every replica answers for every order and a restart forgets nothing.
 */
@Injectable()
export class SandboxProviderService {
  constructor(private readonly dataSource: DataSource) {}

  async createOrder(keyId: string, input: CreateSandboxOrder): Promise<RazorpayOrderEntity> {
    const amount = Number(input.amount);
    if (!Number.isInteger(amount) || amount < MIN_AMOUNT_PAISE) {
      throw SandboxProviderError.badRequest('The amount must be atleast INR 1.00', 'amount');
    }
    const currency = input.currency ?? 'INR';
    if (currency !== 'INR')
      throw SandboxProviderError.badRequest('The currency provided is not supported', 'currency');
    const receipt = input.receipt === undefined || input.receipt === null ? null : String(input.receipt);
    if (receipt !== null && receipt.length > 40) {
      throw SandboxProviderError.badRequest('receipt: the length must be no more than 40.', 'receipt');
    }
    const notes =
      typeof input.notes === 'object' && input.notes !== null ? (input.notes as Record<string, string>) : {};
    const autoCapture = ![false, 0, '0', 'false'].includes(input.payment_capture as never);
    const order: SandboxOrderEntity = {
      id: razorpayId('order'),
      keyId,
      amount,
      amountPaid: 0,
      currency,
      receipt,
      notes,
      autoCapture,
      status: 'created',
      attempts: 0,
      createdAt: new Date(),
    };
    // Once per checkout: plain SQL, as TypeORM's insert builder cost more CPU than the insert itself.
    await this.dataSource.query(
      `INSERT INTO sandbox_orders (id, key_id, amount, amount_paid, currency, receipt, notes, auto_capture, status, attempts, created_at)
       VALUES ($1, $2, $3, 0, $4, $5, $6, $7, 'created', 0, $8)`,
      [order.id, keyId, amount, currency, receipt, JSON.stringify(notes), autoCapture, order.createdAt],
    );
    return toOrderView(order);
  }

  async getOrder(id: string): Promise<RazorpayOrderEntity> {
    return toOrderView(await this.findOrder(this.dataSource.manager, id));
  }

  async orderPayments(
    id: string,
  ): Promise<{ entity: 'collection'; count: number; items: RazorpayPaymentEntity[] }> {
    await this.findOrder(this.dataSource.manager, id);
    const payments = await this.dataSource
      .getRepository(SandboxPaymentEntity)
      .find({ where: { orderId: id }, order: { createdAt: 'ASC' } });
    return { entity: 'collection', count: payments.length, items: payments.map(toPaymentView) };
  }

  async getPayment(id: string): Promise<RazorpayPaymentEntity> {
    // Every verify fetches its payment: plain SQL rather than the repository.
    const [payment]: SandboxPaymentEntity[] = await this.dataSource.query(
      `SELECT ${PAYMENT_COLUMNS} FROM sandbox_payments WHERE id = $1`,
      [id],
    );
    if (!payment) throw SandboxProviderError.badRequest('The id provided does not exist');
    return toPaymentView(payment);
  }

  /** Captures an authorized payment (one made on an order created with `payment_capture: false`). */
  async capturePayment(id: string, amount: unknown): Promise<SandboxPayment> {
    return this.dataSource.transaction(async (m) => {
      const found = await m.getRepository(SandboxPaymentEntity).findOneBy({ id });
      if (!found) throw SandboxProviderError.badRequest('The id provided does not exist');
      // The order first, as pay() locks it, so a capture and a payment of one order never deadlock.
      const order = await this.findOrder(m, found.orderId, true);
      const payment = (await m
        .getRepository(SandboxPaymentEntity)
        .findOne({ where: { id }, lock: { mode: 'pessimistic_write' } }))!;
      if (payment.status === 'captured')
        throw SandboxProviderError.badRequest('This payment has already been captured');
      if (payment.status !== 'authorized')
        throw SandboxProviderError.badRequest(
          'Only payments which have been authorized and not yet captured can be captured',
        );
      if (Number(amount) !== payment.amount)
        throw SandboxProviderError.badRequest(
          'Capture amount must be equal to the amount authorized',
          'amount',
        );
      payment.status = 'captured';
      payment.capturedAt = new Date();
      await m.update(
        SandboxPaymentEntity,
        { id },
        { status: payment.status, capturedAt: payment.capturedAt },
      );
      order.status = 'paid';
      order.amountPaid = order.amount;
      await m.update(
        SandboxOrderEntity,
        { id: order.id },
        { status: order.status, amountPaid: order.amountPaid },
      );
      return { order: toOrderView(order), payment: toPaymentView(payment) };
    });
  }

  /**
   * Refunds a captured payment, in full unless an amount is given. With an idempotency key
   * (`X-Refund-Idempotency`), the same request again answers the refund it made the first time.
   */
  async refundPayment(
    id: string,
    input: CreateSandboxRefund,
    idempotencyKey?: string,
  ): Promise<SandboxRefund> {
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey))
      throw SandboxProviderError.badRequest('The idempotency key provided is invalid');
    return this.dataSource.transaction(async (m) => {
      const payment = await m
        .getRepository(SandboxPaymentEntity)
        .findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!payment) throw SandboxProviderError.badRequest('The id provided does not exist');
      const request = readRefundRequest(input);
      const earlier = idempotencyKey
        ? await m.getRepository(SandboxRefundEntity).findOneBy({ idempotencyKey })
        : null;
      if (earlier) {
        if (earlier.paymentId !== id || !isSameRefund(earlier, request)) throw idempotencyConflict();
        return {
          refund: toRefundView(earlier),
          payment: toPaymentView(payment),
          created: false,
          outcome: payment.refundOutcome,
        };
      }
      const amount = refundableAmount(payment, request.amount);
      const refund = m.getRepository(SandboxRefundEntity).create({
        id: razorpayId('rfnd'),
        paymentId: id,
        amount,
        currency: payment.currency,
        receipt: request.receipt,
        notes: request.notes,
        speedRequested: request.speed,
        status: payment.refundOutcome === 'processed' ? 'processed' : 'pending',
        idempotencyKey: idempotencyKey ?? null,
        createdAt: new Date(),
      });
      await m.insert(SandboxRefundEntity, refund);
      payment.amountRefunded += amount;
      if (payment.amountRefunded === payment.amount) payment.status = 'refunded';
      await m.update(
        SandboxPaymentEntity,
        { id },
        { amountRefunded: payment.amountRefunded, status: payment.status },
      );
      return {
        refund: toRefundView(refund),
        payment: toPaymentView(payment),
        created: true,
        outcome: payment.refundOutcome,
      };
    });
  }

  /**
   * Ends a pending refund as Razorpay does: `processed`, or `failed` with its amount back on the
   * payment, which can be refunded again.
   */
  async settleRefund(id: string, status: unknown): Promise<Omit<SandboxRefund, 'created' | 'outcome'>> {
    if (status !== 'processed' && status !== 'failed')
      throw SandboxProviderError.badRequest('status must be processed or failed', 'status');
    return this.dataSource.transaction(async (m) => {
      const found = await m.getRepository(SandboxRefundEntity).findOneBy({ id });
      if (!found) throw SandboxProviderError.badRequest('The id provided does not exist');
      // The payment first, as refundPayment locks it, so a refund and a settlement never deadlock.
      const payment = (await m
        .getRepository(SandboxPaymentEntity)
        .findOne({ where: { id: found.paymentId }, lock: { mode: 'pessimistic_write' } }))!;
      const refund = (await m
        .getRepository(SandboxRefundEntity)
        .findOne({ where: { id }, lock: { mode: 'pessimistic_write' } }))!;
      if (refund.status !== 'pending')
        throw SandboxProviderError.badRequest(`The refund is ${refund.status} already`);
      refund.status = status;
      await m.update(SandboxRefundEntity, { id }, { status });
      if (status === 'failed') {
        payment.amountRefunded -= refund.amount;
        payment.status = 'captured';
        await m.update(
          SandboxPaymentEntity,
          { id: payment.id },
          { amountRefunded: payment.amountRefunded, status: payment.status },
        );
      }
      return { refund: toRefundView(refund), payment: toPaymentView(payment) };
    });
  }

  /**
   * What Checkout does when the shopper pays or the payment fails. `also`, given the payment's id,
   * may add one more CTE to the paying statement (its parameters from $7, its condition on
   * `paying`, the order it paid), as the call's reply stored with the payment.
   */
  async pay(
    keyId: string,
    orderId: string,
    outcome: SandboxOutcome,
    method: string,
    also?: (paymentId: string, first: number) => { cte: string; params: unknown[] } | null,
  ): Promise<SandboxPayment> {
    const succeeded = outcome === 'success';
    const now = new Date();
    const paymentId = razorpayId('pay');
    const extra = also?.(paymentId, 7);
    // One statement instead of a transaction of three: the conditional update takes the order's
    // lock itself, so of simultaneous payments of one order only the first finds it unpaid.
    const [order]: SandboxOrderEntity[] = await this.dataSource.query(
      extra ? paySql(`, ${extra.cte}`) : PAY_SQL,
      [orderId, keyId, succeeded, paymentId, method, now, ...(extra?.params ?? [])],
    );
    if (!order) {
      const [found]: Pick<SandboxOrderEntity, 'keyId' | 'status'>[] = await this.dataSource.query(
        `SELECT key_id AS "keyId", status FROM sandbox_orders WHERE id = $1`,
        [orderId],
      );
      if (found?.status === 'paid' && found.keyId === keyId)
        throw SandboxProviderError.badRequest('Order has already been paid');
      throw SandboxProviderError.badRequest('The id provided does not exist');
    }
    const captured = order.status === 'paid';
    const payment: SandboxPaymentEntity = {
      id: paymentId,
      orderId,
      amount: order.amount,
      currency: order.currency,
      status: succeeded ? (captured ? 'captured' : 'authorized') : 'failed',
      method,
      amountRefunded: 0,
      errorCode: succeeded ? null : 'BAD_REQUEST_ERROR',
      errorDescription: succeeded ? null : 'Payment failed',
      errorReason: succeeded ? null : 'payment_failed',
      refundOutcome: 'processed',
      capturedAt: captured ? now : null,
      createdAt: now,
    };
    return { order: toOrderView(order), payment: toPaymentView(payment) };
  }

  private async findOrder(m: EntityManager, id: string, lock = false): Promise<SandboxOrderEntity> {
    const order = await m
      .getRepository(SandboxOrderEntity)
      .findOne({ where: { id }, lock: lock ? { mode: 'pessimistic_write' } : undefined });
    if (!order) throw SandboxProviderError.badRequest('The id provided does not exist');
    return order;
  }
}

function toOrderView(order: SandboxOrderEntity): RazorpayOrderEntity {
  return {
    id: order.id,
    entity: 'order',
    amount: order.amount,
    amount_paid: order.amountPaid,
    amount_due: order.amount - order.amountPaid,
    currency: order.currency,
    receipt: order.receipt,
    offer_id: null,
    status: order.status,
    attempts: order.attempts,
    notes: order.notes,
    created_at: seconds(order.createdAt),
  };
}

/** A refund request's fields as Razorpay reads them; `amount` absent means all that is left. */
export function readRefundRequest(input: CreateSandboxRefund): RefundRequest {
  const speed = input.speed ?? 'normal';
  if (speed !== 'normal' && speed !== 'optimum')
    throw SandboxProviderError.badRequest('The selected speed is invalid.', 'speed');
  const receipt = input.receipt === undefined || input.receipt === null ? null : String(input.receipt);
  if (receipt !== null && receipt.length > 40)
    throw SandboxProviderError.badRequest('receipt: the length must be no more than 40.', 'receipt');
  const notes =
    typeof input.notes === 'object' && input.notes !== null
      ? Object.fromEntries(Object.entries(input.notes).map(([key, value]) => [key, String(value)]))
      : {};
  if (input.amount === undefined) return { speed, receipt, notes };
  const amount = Number(input.amount);
  if (!Number.isInteger(amount) || amount < MIN_AMOUNT_PAISE)
    throw SandboxProviderError.badRequest('The amount must be atleast INR 1.00', 'amount');
  return { amount, speed, receipt, notes };
}

/** What a refund of `requested` paise (all that is left when absent) gives back, or Razorpay's refusal. */
export function refundableAmount(
  payment: Pick<SandboxPaymentEntity, 'status' | 'amount' | 'amountRefunded'>,
  requested: number | undefined,
): number {
  if (payment.status === 'refunded')
    throw SandboxProviderError.badRequest('The payment has been fully refunded already');
  if (payment.status !== 'captured')
    throw SandboxProviderError.badRequest('Only captured payments can be refunded');
  const left = payment.amount - payment.amountRefunded;
  if (requested !== undefined && requested > left)
    throw SandboxProviderError.badRequest(
      'The refund amount provided is greater than amount captured',
      'amount',
    );
  return requested ?? left;
}

/** Whether a request retried under an idempotency key asks for what the earlier one made. */
function isSameRefund(earlier: SandboxRefundEntity, request: RefundRequest): boolean {
  const notes = Object.entries(request.notes);
  return (
    (request.amount === undefined || request.amount === earlier.amount) &&
    earlier.speedRequested === request.speed &&
    earlier.receipt === request.receipt &&
    notes.length === Object.keys(earlier.notes).length &&
    notes.every(([key, value]) => earlier.notes[key] === value)
  );
}

function idempotencyConflict(): SandboxProviderError {
  return new SandboxProviderError(400, {
    error: {
      code: 'BAD_REQUEST_ERROR',
      description: 'Different request with the same idempotency key has already been processed.',
      source: 'NA',
      step: 'NA',
      reason: 'NA',
      metadata: {},
    },
  });
}

function toRefundView(refund: SandboxRefundEntity): RazorpayRefundEntity {
  return {
    id: refund.id,
    entity: 'refund',
    amount: refund.amount,
    currency: refund.currency,
    payment_id: refund.paymentId,
    notes: refund.notes,
    receipt: refund.receipt,
    acquirer_data: { arn: null },
    created_at: seconds(refund.createdAt),
    batch_id: null,
    status: refund.status,
    speed_processed: refund.speedRequested === 'optimum' ? 'instant' : 'normal',
    speed_requested: refund.speedRequested,
  };
}

function toPaymentView(payment: SandboxPaymentEntity): RazorpayPaymentEntity {
  const failed = payment.status === 'failed';
  return {
    id: payment.id,
    entity: 'payment',
    amount: payment.amount,
    currency: payment.currency,
    status: payment.status,
    order_id: payment.orderId,
    method: payment.method,
    amount_refunded: payment.amountRefunded,
    refund_status:
      payment.amountRefunded === 0 ? null : payment.amountRefunded < payment.amount ? 'partial' : 'full',
    // Razorpay's `captured` stays true once captured, refunds or not.
    captured: payment.status === 'captured' || payment.status === 'refunded',
    description: null,
    email: null,
    contact: null,
    error_code: payment.errorCode,
    error_description: payment.errorDescription,
    error_source: failed ? 'customer' : null,
    error_step: failed ? 'payment_authentication' : null,
    error_reason: payment.errorReason,
    created_at: seconds(payment.createdAt),
  };
}
