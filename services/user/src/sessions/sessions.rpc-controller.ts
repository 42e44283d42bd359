import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AccountTokenVersion, MESSAGES, RPC, RpcEnvelope, SessionsRevokedReply } from '@shop/proto';
import { actorId } from '../auth/actor';
import { SessionsService } from './sessions.service';

@Controller()
export class SessionsRpcController {
  constructor(private readonly sessions: SessionsService) {}

  @MessagePattern(RPC.user.logout)
  async logout(@Payload() env: RpcEnvelope): Promise<SessionsRevokedReply> {
    const tokenVersion = await this.sessions.logout('customer', actorId(env.actor, 'customer'));
    return { message: MESSAGES.loggedOut, tokenVersion };
  }

  /** Asked by the gateway, with no caller, at start and after each reconnect to the bus. */
  @MessagePattern(RPC.user.revokedSessions)
  revokedSessions(): Promise<AccountTokenVersion[]> {
    return this.sessions.revokedSessions();
  }
}
