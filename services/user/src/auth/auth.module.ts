import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module';
import { LoginAttemptsService } from './login-attempts.service';
import { PasswordService } from './password.service';
import { TokenService } from './token.service';

/** What customers' and admins' sign-in share: hashing, token signing and lock-out. */
@Module({
  imports: [SettingsModule],
  providers: [PasswordService, TokenService, LoginAttemptsService],
  exports: [PasswordService, TokenService, LoginAttemptsService, SettingsModule],
})
export class AuthModule {}
