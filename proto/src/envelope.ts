export type Role = 'customer' | 'admin';

/** The verified caller, as the gateway read it from the token. */
export interface Actor {
  userId: string;
  role: Role;
}

/** What the gateway sends with every RPC. */
export interface RpcEnvelope<T = unknown> {
  actor?: Actor | null;
  data: T;
  requestId?: string;
  /** The caller's IP, for rules that need it (login attempts). */
  ip?: string;
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
  /** The account's token version when the token was issued; tokens from before versions had none (version 0). */
  ver?: number;
}
