import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { WishlistRpcController } from './wishlist.rpc-controller';
import { WishlistService } from './wishlist.service';

@Module({
  imports: [UsersModule],
  controllers: [WishlistRpcController],
  providers: [WishlistService],
})
export class WishlistModule {}
