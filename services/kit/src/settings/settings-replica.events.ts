import { Inject, Injectable } from '@nestjs/common';
import { EVENTS, EventEnvelope, SettingsUpdatedEvent } from '@shop/proto';
import type { EntityManager } from 'typeorm';
import { OnEvent } from '../events/on-event.decorator';
import { SETTINGS_REPLICA, SettingsReplica } from './settings-replica';

/** Settings events carry the whole object: each one goes to the replica as it is. */
@Injectable()
export class SettingsReplicaEvents {
  constructor(@Inject(SETTINGS_REPLICA) private readonly replica: SettingsReplica) {}

  @OnEvent(EVENTS.settingsUpdated)
  async onSettingsUpdated(event: EventEnvelope<SettingsUpdatedEvent>, manager: EntityManager): Promise<void> {
    await this.replica.apply(manager, event.data, event.occurredAt);
  }
}
