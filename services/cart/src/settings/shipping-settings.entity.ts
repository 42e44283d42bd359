import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The part of the shop's settings the cart uses, kept from `settings.updated`. One row. */
@Entity('shipping_settings')
export class ShippingSettingsEntity {
  @PrimaryColumn('smallint')
  id: number;

  @Column('integer', { name: 'free_shipping_threshold_paise' })
  freeShippingThresholdPaise: number;

  @Column('integer', { name: 'standard_shipping_paise' })
  standardShippingPaise: number;

  /** When the settings event that wrote this row happened; an older one is ignored. */
  @Column('timestamptz', { name: 'settings_at' })
  settingsAt: Date;
}
