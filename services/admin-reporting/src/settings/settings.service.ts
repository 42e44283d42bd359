import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { EventPublisher, parseInput } from '@shop/kit';
import {
  CurrentSettingsReply,
  EVENTS,
  KeySecretReply,
  isMaskedSecret,
  maskSecret,
  PublicShopSettings,
  REPORTING_MESSAGES,
  SEEDED_SETTINGS,
  SettingsPatch,
  SettingsReply,
  SettingsUpdatedEvent,
  shopSettingsSchema,
} from '@shop/proto';
import { DataSource, EntityManager } from 'typeorm';
import { changedRows } from '../common/sql';

interface SettingsRow {
  data: Partial<PublicShopSettings>;
  razorpay_key_secret: string | null;
  updated_at: Date;
}

const SEEDED_PUBLIC: PublicShopSettings = SEEDED_SETTINGS;

/**
 * The shop's settings: one row, seeded on first start with what a new shop starts with. Every change
 * is checked as a whole and published as `settings.updated` (without the key secret) for the services
 * that use a part of it. The Razorpay key secret is write-only: it is stored, shown only masked, and
 * never published.
 */
@Injectable()
export class SettingsService implements OnApplicationBootstrap {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO shop_settings (id, data, updated_at) VALUES (1, $1, now()) ON CONFLICT (id) DO NOTHING`,
      [JSON.stringify(SEEDED_PUBLIC)],
    );
  }

  async get(): Promise<SettingsReply> {
    return this.reply(await this.row(this.dataSource.manager, false));
  }

  async current(): Promise<CurrentSettingsReply> {
    const row = await this.row(this.dataSource.manager, false);
    return { settings: publicSettings(row), updatedAt: row.updated_at.toISOString() };
  }

  /** The stored key secret, as the payment service uses it: never for a person to read. */
  async keySecret(): Promise<KeySecretReply> {
    const row = await this.row(this.dataSource.manager, false);
    return { razorpayKeySecret: row.razorpay_key_secret };
  }

  /** A partial or whole settings object; unknown names were dropped by the schema. */
  async update(patch: SettingsPatch): Promise<SettingsReply> {
    const { razorpayKeySecret, ...changes } = patch;
    const row = await this.dataSource.transaction(async (m) => {
      const stored = await this.row(m, true);
      const settings = parseInput(shopSettingsSchema, { ...publicSettings(stored), ...changes });
      const secret =
        razorpayKeySecret === null ? null : razorpayKeySecret && !isMaskedSecret(razorpayKeySecret) ? razorpayKeySecret : stored.razorpay_key_secret;
      // now() is the transaction's start: the event's occurredAt and updated_at are the same instant.
      const [updated] = await changedRows<SettingsRow>(
        m,
        `UPDATE shop_settings SET data = $1, razorpay_key_secret = $2, updated_at = now() WHERE id = 1
         RETURNING data, razorpay_key_secret, updated_at`,
        [JSON.stringify(settings), secret],
      );
      await this.events.publish<SettingsUpdatedEvent>(m, EVENTS.settingsUpdated, settings);
      return updated;
    });
    return { ...this.reply(row), message: REPORTING_MESSAGES.settingsUpdated };
  }

  private async row(m: EntityManager, lock: boolean): Promise<SettingsRow> {
    const [row]: SettingsRow[] = await m.query(
      `SELECT data, razorpay_key_secret, updated_at FROM shop_settings WHERE id = 1${lock ? ' FOR UPDATE' : ''}`,
    );
    return row;
  }

  private reply(row: SettingsRow): SettingsReply {
    return {
      success: true,
      settings: {
        ...publicSettings(row),
        razorpayKeySecret: maskSecret(row.razorpay_key_secret),
        razorpayKeySecretSet: !!row.razorpay_key_secret,
      },
      updatedAt: row.updated_at.toISOString(),
    };
  }
}

/** Settings added to the contract after the row was written read as the seeded values. */
function publicSettings(row: SettingsRow): PublicShopSettings {
  return { ...SEEDED_PUBLIC, ...row.data };
}
