import { DynamicModule, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SettingsCatchUp } from './settings-catch-up';
import { SETTINGS_REPLICA } from './settings-replica';
import { SettingsReplicaEvents } from './settings-replica.events';
import { SettingsRow, SettingsRowReplica } from './settings-row-replica';

/**
 * A service's replica of the shop settings, kept in one row: written from `settings.updated`, and
 * taken from admin-reporting at start while the row is missing.
 */
@Module({})
export class SettingsReplicaModule {
  static forRow(row: SettingsRow): DynamicModule {
    return {
      module: SettingsReplicaModule,
      providers: [
        { provide: SETTINGS_REPLICA, useFactory: (ds: DataSource) => new SettingsRowReplica(ds, row), inject: [DataSource] },
        SettingsReplicaEvents,
        SettingsCatchUp,
      ],
    };
  }
}
