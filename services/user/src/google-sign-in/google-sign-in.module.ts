import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { SettingsModule } from '../settings/settings.module';
import { UsersModule } from '../users/users.module';
import { GoogleSignInRpcController } from './google-sign-in.rpc-controller';
import { GoogleSignInService } from './google-sign-in.service';

@Module({
  imports: [AuthModule, UsersModule, SettingsModule],
  controllers: [GoogleSignInRpcController],
  providers: [GoogleSignInService],
})
export class GoogleSignInModule {}
