import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProductsModule } from '../products/products.module';
import { CustomerEntity } from './customer.entity';
import { CustomersService } from './customers.service';
import { DeletedReviewSweeper } from './deleted-review-sweeper';
import { ReviewsRpcController } from './reviews.rpc-controller';
import { ReviewsService } from './reviews.service';

@Module({
  imports: [TypeOrmModule.forFeature([CustomerEntity]), ProductsModule],
  controllers: [ReviewsRpcController],
  providers: [ReviewsService, CustomersService, DeletedReviewSweeper],
})
export class ReviewsModule {}
