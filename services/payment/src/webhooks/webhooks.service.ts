import { Inject, Injectable, Logger } from '@nestjs/common';
import { RpcError, SERVICE_CONFIG } from '@shop/kit';
import { PAYMENT_MESSAGES, PaymentMode, PaymentWebhookRequest, PaymentWebhookResult } from '@shop/proto';
import { createHash } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { PaymentConfig } from '../config/payment-config';
import { PaymentRefunds } from '../payments/payment-refunds.service';
import { lockProviderOrder, PaymentsService } from '../payments/payments.service';
import { RefundSweeper } from '../payments/refund-sweeper';
import { webhookSecret } from '../razorpay/credentials';
import { PaymentModeService } from '../razorpay/payment-mode.service';
import type { RazorpayWebhookBody } from '../razorpay/razorpay.types';
import { isValidWebhookSignature } from '../razorpay/signatures';

const CAPTURE_EVENTS = new Set(['payment.captured', 'order.paid']);
/** Razorpay's refund outcomes; `refund.created` says no more than the answer to the request did. */
const REFUND_EVENTS = new Set(['refund.processed', 'refund.failed']);

/**
 * Razorpay's webhooks: what the browser never reported (a closed tab, a failure), and what became
 * of refunds (processed or failed). Each event id is handled once; events may come in any order, and a paid order is
 * never moved back.
 */
@Injectable()
export class WebhooksService {
  private readonly logger = new Logger('Webhooks');

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: PaymentConfig,
    private readonly dataSource: DataSource,
    private readonly modes: PaymentModeService,
    private readonly payments: PaymentsService,
    private readonly refunds: PaymentRefunds,
    private readonly refundSweeper: RefundSweeper,
  ) {}

  async receive(request: PaymentWebhookRequest): Promise<PaymentWebhookResult> {
    const { mode } = await this.modes.current();
    const secret = webhookSecret(this.config, mode);
    if (!secret || !isValidWebhookSignature(request.rawBody, request.signature, secret)) {
      throw RpcError.badRequest(PAYMENT_MESSAGES.invalidWebhookSignature);
    }
    const body = parse(request.rawBody);
    // Razorpay sends the event id in a header; a payload id or, failing both, the body's hash
    // still makes a replay of the same delivery a no-op.
    const eventId = request.eventId || body.id || createHash('sha256').update(request.rawBody).digest('hex');
    const payment = body.payload?.payment?.entity;
    const providerOrderId = payment?.order_id ?? body.payload?.order?.entity?.id ?? null;
    const { result, owesRefund } = await this.dataSource.transaction(async (m) => {
      const fresh: unknown[] = await m.query(
        `INSERT INTO webhook_events (event_id, event, provider_order_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING event_id`,
        [eventId, body.event, providerOrderId],
      );
      if (fresh.length === 0) return { result: { processed: false, event: body.event }, owesRefund: false };
      const owes = await this.apply(m, body, mode);
      return { result: { processed: true, event: body.event }, owesRefund: owes };
    });
    if (owesRefund) void this.refundSweeper.sweep();
    return result;
  }

  /** Answers whether the event left a payment owed back. */
  private async apply(m: EntityManager, body: RazorpayWebhookBody, mode: PaymentMode): Promise<boolean> {
    const payment = body.payload?.payment?.entity;
    const capture = CAPTURE_EVENTS.has(body.event);
    const refund = REFUND_EVENTS.has(body.event) ? body.payload?.refund?.entity : undefined;
    if (!payment?.id || !payment.order_id || (!capture && !refund && body.event !== 'payment.failed'))
      return false;
    const providerOrder = await lockProviderOrder(m, { providerOrderId: payment.order_id });
    if (!providerOrder) {
      this.logger.warn(`${body.event} for unknown provider order ${payment.order_id} ignored`);
      return false;
    }
    // Sandbox payments are not money: once the shop is live they pay for nothing.
    if (providerOrder.mode === 'sandbox' && mode === 'live') {
      this.logger.warn(`${body.event} for sandbox order ${providerOrder.orderId} ignored while live`);
      return false;
    }
    if (refund) {
      // The answer to this service's own refund call may not have come back; this records it then.
      // The event names the outcome; the entity's status is read as the event says.
      const status = body.event === 'refund.failed' ? 'failed' : 'processed';
      await this.refunds.recordRefund(m, { ...refund, status });
      return false;
    }
    if (capture) {
      if (payment.status !== 'captured' || payment.amount !== providerOrder.amountPaise) {
        this.logger.warn(
          `${body.event} for ${payment.id} ignored: status ${payment.status}, amount ${payment.amount}`,
        );
        return false;
      }
      return (await this.payments.recordCaptured(m, providerOrder, payment, 'webhook')) !== null;
    }
    await this.payments.recordFailed(m, providerOrder, payment, 'webhook');
    return false;
  }
}

function parse(rawBody: string): RazorpayWebhookBody {
  let body: RazorpayWebhookBody;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw RpcError.badRequest(PAYMENT_MESSAGES.invalidWebhookBody);
  }
  if (typeof body !== 'object' || body === null || typeof body.event !== 'string')
    throw RpcError.badRequest(PAYMENT_MESSAGES.invalidWebhookBody);
  return body;
}
