import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export type SandboxOrderStatus = 'created' | 'attempted' | 'paid';

/** An order as the simulated Razorpay keeps it (its REST shape is built from this). */
@Entity('sandbox_orders')
export class SandboxOrderEntity {
  @PrimaryColumn('text')
  id: string;

  @Column('text', { name: 'key_id' })
  keyId: string;

  @Column('integer')
  amount: number;

  @Column('integer', { name: 'amount_paid' })
  amountPaid: number;

  @Column('varchar', { length: 3 })
  currency: string;

  @Column('text', { nullable: true })
  receipt: string | null;

  @Column('jsonb')
  notes: Record<string, string>;

  @Column('boolean', { name: 'auto_capture' })
  autoCapture: boolean;

  @Column('varchar', { length: 9 })
  status: SandboxOrderStatus;

  @Column('integer')
  attempts: number;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;
}
