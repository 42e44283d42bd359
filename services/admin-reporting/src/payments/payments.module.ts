import { Module } from '@nestjs/common';
import { PaymentsEvents } from './payments.events';

@Module({ providers: [PaymentsEvents] })
export class PaymentsModule {}
