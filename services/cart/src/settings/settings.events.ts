import { Injectable } from '@nestjs/common';
import { OnEvent } from '@shop/kit';
import { EVENTS, EventEnvelope, SettingsUpdatedEvent, toPaise } from '@shop/proto';
import type { EntityManager } from 'typeorm';

/** Keeps the shipping part of the shop's settings; an event older than the one kept is ignored. */
@Injectable()
export class SettingsEvents {
  @OnEvent(EVENTS.settingsUpdated)
  async onUpdated(event: EventEnvelope<SettingsUpdatedEvent>, m: EntityManager): Promise<void> {
    const s = event.data;
    await m.query(
      `INSERT INTO shipping_settings (id, free_shipping_threshold_paise, standard_shipping_paise, settings_at)
       VALUES (1, $1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET
         free_shipping_threshold_paise = EXCLUDED.free_shipping_threshold_paise,
         standard_shipping_paise = EXCLUDED.standard_shipping_paise,
         settings_at = EXCLUDED.settings_at
       WHERE shipping_settings.settings_at <= EXCLUDED.settings_at`,
      [toPaise(s.freeShippingThreshold), toPaise(s.standardShippingCost), event.occurredAt],
    );
  }
}
