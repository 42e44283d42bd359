import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseInput, RpcError } from '@shop/kit';
import {
  EndedSession,
  MESSAGES,
  RPC,
  RpcEnvelope,
  SessionListReply,
  SessionsEndedReply,
  sessionEndSchema,
  sessionTouchSchema,
} from '@shop/proto';
import { actorId } from '../auth/actor';
import { SessionsService } from './sessions.service';

@Controller()
export class SessionsRpcController {
  constructor(private readonly sessions: SessionsService) {}

  /** Sign Out: this device only. */
  @MessagePattern(RPC.user.logout)
  async logout(@Payload() env: RpcEnvelope): Promise<SessionsEndedReply> {
    const account = { role: 'customer' as const, id: actorId(env.actor, 'customer') };
    return { message: MESSAGES.loggedOut, ended: await this.sessions.endOwn(account, env.actor?.sessionId) };
  }

  @MessagePattern(RPC.user.sessionList)
  async list(@Payload() env: RpcEnvelope): Promise<SessionListReply> {
    const account = { role: 'customer' as const, id: actorId(env.actor, 'customer') };
    return { sessions: await this.sessions.list(account, env.actor?.sessionId) };
  }

  @MessagePattern(RPC.user.sessionEnd)
  async end(@Payload() env: RpcEnvelope): Promise<SessionsEndedReply> {
    const account = { role: 'customer' as const, id: actorId(env.actor, 'customer') };
    const { id } = parseInput(sessionEndSchema, env.data);
    return { message: MESSAGES.deviceSignedOut, ended: await this.sessions.endOne(account, id) };
  }

  /** "Sign out of all devices", from the customer's Settings or the back office's. */
  @MessagePattern(RPC.user.sessionEndAll)
  async endAll(@Payload() env: RpcEnvelope): Promise<SessionsEndedReply> {
    if (!env.actor) throw RpcError.unauthorized();
    const account = { role: env.actor.role, id: actorId(env.actor, env.actor.role) };
    return { message: MESSAGES.signedOutEverywhere, ended: await this.sessions.endAll(account) };
  }

  /** Sent by the gateway, with no caller. */
  @MessagePattern(RPC.user.sessionTouch)
  async touch(@Payload() env: RpcEnvelope): Promise<{ touched: number }> {
    const { sessions } = parseInput(sessionTouchSchema, env.data);
    await this.sessions.touch(sessions);
    return { touched: sessions.length };
  }

  /** Asked by the gateway, with no caller, at start and after each reconnect to the bus. */
  @MessagePattern(RPC.user.endedSessions)
  endedSessions(): Promise<EndedSession[]> {
    return this.sessions.endedSessions();
  }
}
