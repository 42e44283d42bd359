import type { SettingsUpdatedEvent } from '@shop/proto';
import type { EntityManager } from 'typeorm';

/** The token a service provides its SettingsReplica under. */
export const SETTINGS_REPLICA = Symbol('SETTINGS_REPLICA');

/**
 * The part of admin-reporting's shop settings a service keeps. Fed by `settings.updated` and, when
 * the service starts with none, by asking admin-reporting for the current ones (SettingsCatchUp).
 */
export interface SettingsReplica {
  /** Whether any settings are held yet. */
  held(): Promise<boolean>;
  /** Keeps `settings` as of `updatedAt`, unless newer ones are held: events may arrive out of order. */
  apply(manager: EntityManager, settings: SettingsUpdatedEvent, updatedAt: string): Promise<void>;
}
