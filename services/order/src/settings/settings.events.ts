import { Injectable } from '@nestjs/common';
import { OnEvent } from '@shop/kit';
import { EVENTS, EventEnvelope, SettingsUpdatedEvent } from '@shop/proto';
import type { EntityManager } from 'typeorm';
import { SettingsService } from './settings.service';

@Injectable()
export class SettingsEvents {
  constructor(private readonly settings: SettingsService) {}

  @OnEvent(EVENTS.settingsUpdated)
  async onSettingsUpdated(event: EventEnvelope<SettingsUpdatedEvent>, manager: EntityManager): Promise<void> {
    await this.settings.apply(manager, event.data, event.occurredAt);
  }
}
