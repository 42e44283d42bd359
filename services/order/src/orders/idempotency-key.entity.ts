import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A checkout's `Idempotency-Key`: the order it placed and a digest of the request that placed it. */
@Entity('idempotency_keys')
export class IdempotencyKeyEntity {
  @PrimaryColumn('uuid', { name: 'user_id' }) userId: string;
  @PrimaryColumn('text') key: string;
  @Column('text', { name: 'request_hash' }) requestHash: string;
  @Column('uuid', { name: 'order_id' }) orderId: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
}
