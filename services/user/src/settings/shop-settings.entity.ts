import type { SettingsUpdatedEvent } from '@shop/proto';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The last `settings.updated` seen: one row. */
@Entity('shop_settings')
export class ShopSettingsEntity {
  @PrimaryColumn('smallint')
  id: number;

  @Column('jsonb')
  data: SettingsUpdatedEvent;

  @Column('timestamptz', { name: 'occurred_at' })
  occurredAt: Date;
}
