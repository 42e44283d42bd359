import { Module } from '@nestjs/common';
import { SessionsRpcController } from './sessions.rpc-controller';
import { SessionsService } from './sessions.service';

/** Token versions: what ends a session (logout, password change or reset, deactivation). */
@Module({
  controllers: [SessionsRpcController],
  providers: [SessionsService],
  exports: [SessionsService],
})
export class SessionsModule {}
