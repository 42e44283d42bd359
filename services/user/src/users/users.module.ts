import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { UsersRpcController } from './users.rpc-controller';
import { UsersService } from './users.service';

@Module({
  imports: [AuthModule],
  controllers: [UsersRpcController],
  providers: [UsersService],
  exports: [UsersService],
})
export class UsersModule {}
