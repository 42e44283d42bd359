import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AdminsRpcController } from './admins.rpc-controller';
import { AdminsService } from './admins.service';
import { TwoFactorService } from './two-factor.service';

@Module({
  imports: [AuthModule],
  controllers: [AdminsRpcController],
  providers: [AdminsService, TwoFactorService],
})
export class AdminsModule {}
