import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type LoginRealm = 'customer' | 'admin';

/** One login attempt. It counts as a failure until it is marked succeeded. */
@Entity('login_attempts')
export class LoginAttemptEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'varchar', length: 16 })
  realm: LoginRealm;

  /** The account tried: its id when it exists, otherwise the identifier typed. */
  @Column({ name: 'account_key', type: 'text' })
  accountKey: string;

  @Column({ type: 'text', nullable: true })
  ip: string | null;

  @Column({ name: 'attempted_at', type: 'timestamptz' })
  attemptedAt: Date;

  @Column({ type: 'boolean', default: false })
  succeeded: boolean;

  /** Set on the account's earlier failures when it logs in successfully; per-IP counting still sees them. */
  @Column({ type: 'boolean', default: false })
  cleared: boolean;
}
