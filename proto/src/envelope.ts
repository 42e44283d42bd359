export type Role = 'customer' | 'admin';

/** The verified caller, as the gateway read it from the token. */
export interface Actor {
  userId: string;
  role: Role;
  /** The session the caller's token belongs to (its `sid`), which a sign-out ends. */
  sessionId?: string;
}

/** What the gateway sends with every RPC. */
export interface RpcEnvelope<T = unknown> {
  actor?: Actor | null;
  data: T;
  requestId?: string;
  /** The caller's IP, for rules that need it (login attempts). */
  ip?: string;
  /** The browser as it names itself (User-Agent), sent with sign-ins: the session says which device it is. */
  userAgent?: string;
}

/** Every domain event travels in this envelope on the `shop.events` topic exchange. */
export interface EventEnvelope<T = unknown> {
  id: string;
  type: string;
  occurredAt: string;
  version: number;
  data: T;
}

/** JWT claims: the user service signs, the gateway verifies. Audiences keep the two roles apart. */
export const TOKEN_ISSUER = 'shop';
export const TOKEN_AUDIENCE: Record<Role, string> = { customer: 'shop:customer', admin: 'shop:admin' };

export interface TokenClaims {
  sub: string;
  role: Role;
  /**
   * The session the token belongs to (the user service's sessions table): ending it ends the
   * token. Tokens from before sessions carry none and are refused.
   */
  sid: string;
}

/** The User-Agent a session keeps, cut to this length: enough to name any browser. */
export const USER_AGENT_MAX_LENGTH = 512;
