import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A file a shopper uploaded for a customization; lines refer to it by id. It is held by exactly
 * one owner: a customer, or a visitor's guest cart until sign-in moves it to the customer.
 */
@Entity('customization_uploads')
export class CustomizationUploadEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid', { name: 'user_id', nullable: true })
  userId: string | null;

  /** The SHA-256 of the guest cart id, so the table never holds the cookie that proves ownership. */
  @Column('char', { name: 'guest_key', length: 64, nullable: true })
  guestKey: string | null;

  /** The name the customer's file had; the stored file is named by the id. */
  @Column('varchar', { length: 255 })
  name: string;

  @Column('integer')
  size: number;

  /** The image type read from the bytes, not the one the browser claimed. */
  @Column('varchar', { length: 50 })
  type: string;

  /** Relative to the uploads directory, e.g. `customizations/<id>.png`. */
  @Column('varchar', { length: 300 })
  path: string;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;
}
