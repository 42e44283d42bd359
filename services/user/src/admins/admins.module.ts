import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AdminsRpcController } from './admins.rpc-controller';
import { AdminsService } from './admins.service';

@Module({
  imports: [AuthModule],
  controllers: [AdminsRpcController],
  providers: [AdminsService],
})
export class AdminsModule {}
