import { Module } from '@nestjs/common';
import { CustomersEvents } from './customers.events';

@Module({ providers: [CustomersEvents] })
export class CustomersModule {}
