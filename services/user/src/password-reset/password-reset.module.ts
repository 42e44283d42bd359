import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { UsersModule } from '../users/users.module';
import { PasswordResetRpcController } from './password-reset.rpc-controller';
import { PasswordResetService } from './password-reset.service';

/** Forgotten passwords: a single-use link by e-mail, then a new password. */
@Module({
  imports: [AuthModule, UsersModule],
  controllers: [PasswordResetRpcController],
  providers: [PasswordResetService],
})
export class PasswordResetModule {}
