import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { SettingsModule } from '../settings/settings.module';
import { LoginAttemptsService } from './login-attempts.service';
import { PasswordService } from './password.service';
import { TokenService } from './token.service';

/** What customers' and admins' sign-in share: hashing, token signing, lock-out and ending sessions. */
@Module({
  imports: [SettingsModule, SessionsModule],
  providers: [PasswordService, TokenService, LoginAttemptsService],
  exports: [PasswordService, TokenService, LoginAttemptsService, SettingsModule, SessionsModule],
})
export class AuthModule {}
