import { Module } from '@nestjs/common';
import { ReviewsEvents } from './reviews.events';

@Module({ providers: [ReviewsEvents] })
export class ReviewsModule {}
