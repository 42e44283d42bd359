import type { SettingsUpdatedEvent } from '@shop/proto';
import type { DataSource, EntityManager } from 'typeorm';
import type { SettingsReplica } from './settings-replica';

/** Where a service keeps its part of the settings: row `id = 1` of a table of its own. */
export interface SettingsRow {
  table: string;
  /** The timestamptz column holding when the settings kept were published. */
  asOfColumn: string;
  /** The service's part of the settings, by column. */
  columns(settings: SettingsUpdatedEvent): Record<string, unknown>;
}

/** The names are written into the SQL, so only plain lower-case identifiers are taken. */
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function identifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`"${name}" is not a plain SQL identifier`);
  return name;
}

/** A SettingsReplica of one row, upserted with the whole of the service's part at each change. */
export class SettingsRowReplica implements SettingsReplica {
  private readonly table: string;
  private readonly asOf: string;

  constructor(
    private readonly dataSource: DataSource,
    private readonly row: SettingsRow,
  ) {
    this.table = identifier(row.table);
    this.asOf = identifier(row.asOfColumn);
  }

  async held(): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM ${this.table} WHERE id = 1`);
    return rows.length > 0;
  }

  async apply(manager: EntityManager, settings: SettingsUpdatedEvent, updatedAt: string): Promise<void> {
    const values = this.row.columns(settings);
    const columns = [...Object.keys(values).map(identifier), this.asOf];
    await manager.query(
      `INSERT INTO ${this.table} (id, ${columns.join(', ')}) VALUES (1, ${columns.map((_, i) => `$${i + 1}`).join(', ')})
       ON CONFLICT (id) DO UPDATE SET ${columns.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}
       WHERE ${this.table}.${this.asOf} <= EXCLUDED.${this.asOf}`,
      [...Object.values(values), updatedAt],
    );
  }
}
