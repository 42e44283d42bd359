import { SetMetadata } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@shop/proto';

export const ON_EVENT = Symbol('shop:on-event');

/**
 * Marks a provider method as the handler of an event type. It runs inside the transaction that
 * records the event in the inbox, so its writes and the de-duplication commit together.
 */
export const OnEvent = (type: string) => SetMetadata(ON_EVENT, type);

export type EventHandlerFn = (event: EventEnvelope, manager: EntityManager) => Promise<void>;
