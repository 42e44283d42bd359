import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { SERVICE_CONFIG } from '@shop/kit';
import { PaymentConfig } from '../config/payment-config';
import { webhookSecret } from '../razorpay/credentials';
import type {
  RazorpayOrderEntity,
  RazorpayPaymentEntity,
  RazorpayRefundEntity,
  RazorpayWebhookBody,
  RazorpayWebhookEventName,
} from '../razorpay/razorpay.types';
import { hmacSha256Hex } from '../razorpay/signatures';
import { razorpayId } from './sandbox-ids';

const ATTEMPTS = 5;
const FIRST_RETRY_MS = 250;
const DELIVERY_TIMEOUT_MS = 5000;

export interface SandboxWebhook {
  event: RazorpayWebhookEventName;
  payment: RazorpayPaymentEntity;
  order?: RazorpayOrderEntity;
  refund?: RazorpayRefundEntity;
}

/**
 * Delivers the webhooks Razorpay would send, signed with the webhook secret, to the configured
 * URL, in order, retrying a few times like Razorpay does (though not for a day). Without a URL the
 * sandbox sends none, as a Razorpay account with no webhook configured.
 */
@Injectable()
export class SandboxWebhooks implements OnApplicationShutdown {
  private readonly logger = new Logger('RazorpaySandboxWebhooks');
  private readonly inFlight = new Set<Promise<void>>();
  private stopping = false;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: PaymentConfig) {}

  /** Returns at once; delivery goes on in the background. */
  send(webhooks: SandboxWebhook[]): void {
    const url = this.config.sandboxWebhookUrl;
    if (!url || this.stopping) return;
    const delivery = (async () => {
      for (const webhook of webhooks) await this.deliver(url, webhook);
    })();
    this.inFlight.add(delivery);
    void delivery.finally(() => this.inFlight.delete(delivery));
  }

  private async deliver(url: string, webhook: SandboxWebhook): Promise<void> {
    const body: RazorpayWebhookBody = {
      entity: 'event',
      account_id: 'acc_sandbox',
      event: webhook.event,
      contains: [...(webhook.refund ? ['refund'] : []), 'payment', ...(webhook.order ? ['order'] : [])],
      payload: {
        ...(webhook.refund ? { refund: { entity: webhook.refund } } : {}),
        payment: { entity: webhook.payment },
        ...(webhook.order ? { order: { entity: webhook.order } } : {}),
      },
      created_at: Math.floor(Date.now() / 1000),
    };
    const raw = JSON.stringify(body);
    const headers = {
      'content-type': 'application/json',
      'x-razorpay-signature': hmacSha256Hex(raw, webhookSecret(this.config, 'sandbox')!),
      'x-razorpay-event-id': razorpayId('evt'),
    };
    for (let attempt = 1; attempt <= ATTEMPTS && !this.stopping; attempt++) {
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers,
          body: raw,
          signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
        });
        if (res.ok) return;
        this.logger.warn(`${webhook.event} webhook answered ${res.status} (attempt ${attempt})`);
      } catch (err) {
        this.logger.warn(`${webhook.event} webhook not delivered (attempt ${attempt}): ${err.message}`);
      }
      await new Promise((r) => setTimeout(r, FIRST_RETRY_MS * 2 ** (attempt - 1)));
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await Promise.race([Promise.allSettled([...this.inFlight]), new Promise((r) => setTimeout(r, 2000))]);
  }
}
