import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { VerificationLinksModule } from '../email-verification/verification-links.module';
import { UsersRpcController } from './users.rpc-controller';
import { UsersService } from './users.service';

@Module({
  imports: [AuthModule, VerificationLinksModule],
  controllers: [UsersRpcController],
  providers: [UsersService],
  exports: [UsersService],
})
export class UsersModule {}
