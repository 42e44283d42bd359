import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export type SandboxRefundSpeed = 'normal' | 'optimum';

/** A refund as the simulated Razorpay keeps it. */
@Entity('sandbox_refunds')
export class SandboxRefundEntity {
  @PrimaryColumn('text')
  id: string;

  @Column('text', { name: 'payment_id' })
  paymentId: string;

  @Column('integer')
  amount: number;

  @Column('varchar', { length: 3 })
  currency: string;

  @Column('text', { nullable: true })
  receipt: string | null;

  @Column('jsonb')
  notes: Record<string, string>;

  @Column('varchar', { name: 'speed_requested', length: 7 })
  speedRequested: SandboxRefundSpeed;

  @Column('varchar', { length: 9 })
  status: 'pending' | 'processed' | 'failed';

  @Column('text', { name: 'idempotency_key', nullable: true })
  idempotencyKey: string | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;
}
