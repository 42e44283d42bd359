import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Every webhook event handled, by Razorpay's event id: a replay finds its row and changes nothing. */
@Entity('webhook_events')
export class WebhookEventEntity {
  @PrimaryColumn('text', { name: 'event_id' })
  eventId: string;

  @Column('text')
  event: string;

  @Column('text', { name: 'provider_order_id', nullable: true })
  providerOrderId: string | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'received_at' })
  receivedAt: Date;
}
