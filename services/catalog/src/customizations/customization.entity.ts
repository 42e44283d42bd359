import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { CustomizationType, ModifierPaise } from '@shop/proto';

/** A definition of the customization library; modifiers in paise. */
@Entity('customization_definitions')
export class CustomizationEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('text') name: string;
  @Column('text') type: CustomizationType;
  @Column('text') description: string;
  @Column('boolean', { name: 'is_default' }) isDefault: boolean;
  @Column('boolean', { name: 'is_active' }) isActive: boolean;
  @Column('jsonb', { name: 'price_modifier', nullable: true }) priceModifier: ModifierPaise | null;
  @Column('jsonb') options: { value: string; priceModifier: ModifierPaise }[];
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
