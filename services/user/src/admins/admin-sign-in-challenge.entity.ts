import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type ChallengePurpose = 'enrol' | 'verify';

/** A password step passed with two-factor sign-in on: the second step may follow until it expires. */
@Entity('admin_sign_in_challenges')
export class AdminSignInChallengeEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'admin_id', type: 'uuid' })
  adminId: string;

  /** SHA-256 of the challenge, hex: the challenge itself is only in the browser. */
  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash: string;

  @Column({ type: 'varchar', length: 8 })
  purpose: ChallengePurpose;

  /** For enrolment: the secret offered, sealed, which the first right code makes the admin's. */
  @Column({ name: 'totp_secret', type: 'text', nullable: true })
  totpSecret: string | null;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
