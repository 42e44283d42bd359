import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { EmailVerificationRpcController } from './email-verification.rpc-controller';
import { EmailVerificationService } from './email-verification.service';
import { VerificationLinksModule } from './verification-links.module';

/** E-mail verification: opening a link, asking for a new one, and telling other services the state. */
@Module({
  imports: [UsersModule, VerificationLinksModule],
  controllers: [EmailVerificationRpcController],
  providers: [EmailVerificationService],
})
export class EmailVerificationModule {}
