import { Module } from '@nestjs/common';
import { ProductsEvents } from './products.events';

@Module({ providers: [ProductsEvents] })
export class ProductsModule {}
