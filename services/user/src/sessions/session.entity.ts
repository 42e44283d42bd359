import type { Role } from '@shop/proto';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A sign-in of a customer or an admin, on one device; its tokens carry its id (`sid`). */
@Entity('sessions')
export class SessionEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  role: Role;

  /** The customer's (`users`) or the admin's (`admins`) id. */
  @Column({ name: 'account_id', type: 'uuid' })
  accountId: string;

  /** What the browser called itself when it signed in; Settings names the device by it. */
  @Column({ name: 'user_agent', type: 'varchar', length: 512, nullable: true })
  userAgent: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** Approximate: the gateway replicas report the sessions they saw, in batches. */
  @Column({ name: 'last_used_at', type: 'timestamptz' })
  lastUsedAt: Date;

  /** When its tokens expire: the session's lifetime (the back office's session timeout for admins). */
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt: Date | null;
}
