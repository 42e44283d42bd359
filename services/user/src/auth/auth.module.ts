import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { SettingsModule } from '../settings/settings.module';
import { LoginAttemptsService } from './login-attempts.service';
import { PasswordService } from './password.service';

/** What customers' and admins' sign-in share: hashing, lock-out, and the sessions a sign-in opens. */
@Module({
  imports: [SettingsModule, SessionsModule],
  providers: [PasswordService, LoginAttemptsService],
  exports: [PasswordService, LoginAttemptsService, SettingsModule, SessionsModule],
})
export class AuthModule {}
