import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A file a customer uploaded for a customization; lines refer to it by id. */
@Entity('customization_uploads')
export class CustomizationUploadEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

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
