import { SEEDED_SETTINGS } from '@shop/proto';
import type { DataSource, EntityManager } from 'typeorm';
import { SettingsRow, SettingsRowReplica } from './settings-row-replica';

const SHIPPING: SettingsRow = {
  table: 'shipping_settings',
  asOfColumn: 'settings_at',
  columns: (s) => ({ free_shipping_threshold_paise: s.freeShippingThreshold * 100, standard_shipping_paise: s.standardShippingCost * 100 }),
};

const oneLine = (sql: string) => sql.replace(/\s+/g, ' ').trim();

describe('SettingsRowReplica', () => {
  it('upserts row 1 with the service’s columns unless the row holds newer settings', async () => {
    const query = jest.fn(async () => []);
    const replica = new SettingsRowReplica({} as DataSource, SHIPPING);
    await replica.apply({ query } as unknown as EntityManager, { ...SEEDED_SETTINGS, freeShippingThreshold: 2500 }, '2025-01-02T03:04:05.000Z');
    expect(query).toHaveBeenCalledTimes(1);
    const [sql, params] = query.mock.calls[0] as unknown as [string, unknown[]];
    expect(oneLine(sql)).toBe(
      'INSERT INTO shipping_settings (id, free_shipping_threshold_paise, standard_shipping_paise, settings_at) VALUES (1, $1, $2, $3) ' +
        'ON CONFLICT (id) DO UPDATE SET free_shipping_threshold_paise = EXCLUDED.free_shipping_threshold_paise, ' +
        'standard_shipping_paise = EXCLUDED.standard_shipping_paise, settings_at = EXCLUDED.settings_at ' +
        'WHERE shipping_settings.settings_at <= EXCLUDED.settings_at',
    );
    expect(params).toEqual([250_000, 9900, '2025-01-02T03:04:05.000Z']);
  });

  it('holds settings only once row 1 exists', async () => {
    const rows: unknown[] = [];
    const replica = new SettingsRowReplica({ query: async () => rows } as unknown as DataSource, SHIPPING);
    expect(await replica.held()).toBe(false);
    rows.push({ '?column?': 1 });
    expect(await replica.held()).toBe(true);
  });

  it('refuses a table or column name that is not a plain identifier, as it goes into the SQL as written', async () => {
    expect(() => new SettingsRowReplica({} as DataSource, { ...SHIPPING, table: 'shipping_settings; DROP TABLE inbox' })).toThrow(
      'is not a plain SQL identifier',
    );
    const replica = new SettingsRowReplica({} as DataSource, { ...SHIPPING, columns: () => ({ 'a = 1, b': 2 }) });
    await expect(replica.apply({ query: jest.fn() } as unknown as EntityManager, SEEDED_SETTINGS, '2025-01-02T03:04:05.000Z')).rejects.toThrow(
      'is not a plain SQL identifier',
    );
  });
});
