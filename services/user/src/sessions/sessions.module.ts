import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module';
import { SessionSweeper } from './session-sweeper';
import { SessionsRpcController } from './sessions.rpc-controller';
import { SessionsService } from './sessions.service';
import { TokenService } from './token.service';

/** Sessions: opened by every sign-in, named by their tokens, ended one at a time or all at once. */
@Module({
  imports: [SettingsModule],
  controllers: [SessionsRpcController],
  providers: [SessionsService, TokenService, SessionSweeper],
  exports: [SessionsService],
})
export class SessionsModule {}
