import { Injectable } from '@nestjs/common';
import { SEEDED_SETTINGS, ShippingRule, toPaise } from '@shop/proto';
import type { EntityManager } from 'typeorm';
import { ShippingSettingsEntity } from './shipping-settings.entity';

/** Until the shop's settings are held, the cart ships as a new shop does. */
export const SEEDED_SHIPPING: ShippingRule = {
  freeShippingThresholdPaise: toPaise(SEEDED_SETTINGS.freeShippingThreshold),
  standardShippingPaise: toPaise(SEEDED_SETTINGS.standardShippingCost),
};

@Injectable()
export class ShippingSettingsService {
  async rule(m: EntityManager): Promise<ShippingRule> {
    const row = await m.findOneBy(ShippingSettingsEntity, { id: 1 });
    return row
      ? {
          freeShippingThresholdPaise: row.freeShippingThresholdPaise,
          standardShippingPaise: row.standardShippingPaise,
        }
      : SEEDED_SHIPPING;
  }
}
