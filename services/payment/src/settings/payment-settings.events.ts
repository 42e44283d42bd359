import { Injectable } from '@nestjs/common';
import { OnEvent } from '@shop/kit';
import { EventEnvelope, EVENTS, SettingsUpdatedEvent } from '@shop/proto';
import type { EntityManager } from 'typeorm';

/** Keeps the payment part of the shop's settings; an event older than the one held is ignored. */
@Injectable()
export class PaymentSettingsEvents {
  @OnEvent(EVENTS.settingsUpdated)
  async onSettingsUpdated(event: EventEnvelope<SettingsUpdatedEvent>, manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO payment_settings (id, razorpay_key_id, payment_gateway_live, as_of) VALUES (1, $1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET razorpay_key_id = EXCLUDED.razorpay_key_id,
         payment_gateway_live = EXCLUDED.payment_gateway_live, as_of = EXCLUDED.as_of
       WHERE payment_settings.as_of <= EXCLUDED.as_of`,
      [(event.data.razorpayKeyId ?? '').trim(), Boolean(event.data.paymentGatewayLive), event.occurredAt],
    );
  }
}
