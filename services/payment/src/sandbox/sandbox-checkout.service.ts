import { Injectable } from '@nestjs/common';
import { RpcError, RpcReplies } from '@shop/kit';
import { PAYMENT_MESSAGES, SandboxPayRequest, SandboxPayResult } from '@shop/proto';
import { SANDBOX_KEYS } from '../config/payment-config';
import { PaymentModeService } from '../razorpay/payment-mode.service';
import { paymentSignature } from '../razorpay/signatures';
import { SANDBOX_CHECKOUT_SCRIPT } from './checkout-script';
import { SandboxProviderError, SandboxProviderService } from './sandbox-provider.service';
import { SandboxWebhooks } from './sandbox-webhooks';

/** Checkout's signed result of a payment made. */
const paid = (orderId: string, paymentId: string): SandboxPayResult => ({
  razorpay_order_id: orderId,
  razorpay_payment_id: paymentId,
  razorpay_signature: paymentSignature(orderId, paymentId, SANDBOX_KEYS.keySecret),
});

/** What Razorpay's Checkout window does, for the sandbox's stand-in script. */
@Injectable()
export class SandboxCheckoutService {
  constructor(
    private readonly modes: PaymentModeService,
    private readonly provider: SandboxProviderService,
    private readonly webhooks: SandboxWebhooks,
    private readonly replies: RpcReplies,
  ) {}

  script(): string {
    if (!this.modes.sandboxPossible) throw RpcError.notFound(PAYMENT_MESSAGES.sandboxDisabled);
    return SANDBOX_CHECKOUT_SCRIPT;
  }

  /** Makes a payment (or a failed one) as the shopper chose, signed as Razorpay signs it, and sends the webhooks. */
  async pay(request: SandboxPayRequest): Promise<SandboxPayResult> {
    if ((await this.modes.current()).mode !== 'sandbox')
      throw RpcError.notFound(PAYMENT_MESSAGES.sandboxDisabled);
    if (request.key !== SANDBOX_KEYS.keyId) throw RpcError.badRequest(PAYMENT_MESSAGES.invalidKey);
    let made;
    let stored: (() => void) | undefined;
    try {
      // A payment that succeeds is answered by its signed result, stored by the statement that makes it.
      made = await this.provider.pay(
        request.key,
        request.order_id,
        request.outcome,
        request.method ?? 'card',
        request.outcome === 'success'
          ? (paymentId, first) => {
              const replied = this.replies.inStatement(paid(request.order_id, paymentId), first, 'EXISTS (SELECT FROM paying)');
              stored = replied?.stored;
              return replied;
            }
          : undefined,
      );
    } catch (err) {
      if (err instanceof SandboxProviderError) throw RpcError.badRequest(err.message);
      throw err;
    }
    stored?.();
    const { order, payment } = made;
    if (payment.status !== 'failed') {
      this.webhooks.send(
        payment.status === 'captured'
          ? [
              { event: 'payment.captured', payment },
              { event: 'order.paid', payment, order },
            ]
          : [{ event: 'payment.authorized', payment }],
      );
      return paid(order.id, payment.id);
    }
    this.webhooks.send([{ event: 'payment.failed', payment }]);
    return {
      error: {
        code: payment.error_code ?? 'BAD_REQUEST_ERROR',
        description: payment.error_description ?? 'Payment failed',
        source: payment.error_source ?? 'customer',
        step: payment.error_step ?? 'payment_authentication',
        reason: payment.error_reason ?? 'payment_failed',
        metadata: { order_id: order.id, payment_id: payment.id },
      },
    };
  }
}
