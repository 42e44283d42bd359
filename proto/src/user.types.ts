/** The user as the storefront reads it (storefront spec, section 3). */
export interface AddressView {
  _id: string;
  name: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  pinCode: string;
  country: string;
  isDefault: boolean;
}

export interface UserView {
  _id: string;
  id: string;
  username: string;
  email: string;
  phone: string | null;
  name: string | null;
  profilePic: string | null;
  companyName: string | null;
  wishlist: string[];
  addresses: AddressView[];
  lastLogin: string | null;
  createdAt: string;
  /** Whether the customer proved the address is theirs (a verification link, or Google's word). */
  emailVerified: boolean;
}

export interface AdminView {
  _id: string;
  email: string;
}

export interface AuthReply<U> {
  token: string;
  user: U;
}

/** A session that has ended: its tokens are refused until `expiresAt`, when they expire anyway. */
export interface EndedSession {
  id: string;
  expiresAt: string;
}

/** An answer that ended sessions, naming them, so the gateway replica relaying it refuses their tokens at once. */
export interface SessionsEndedReply {
  message: string;
  ended: EndedSession[];
}

/** A password change or reset also answers a fresh token, so the tab that made it stays signed in. */
export interface PasswordChangedReply extends SessionsEndedReply {
  token: string;
}

export interface PasswordResetReply extends SessionsEndedReply, AuthReply<UserView> {}

/** A signed-in device as its customer sees it in Settings. */
export interface SessionView {
  id: string;
  /** The browser and system, as read from the User-Agent it signed in with: "Chrome on Windows". */
  device: string;
  createdAt: string;
  /** Approximate: the gateway reports use in batches. */
  lastUsedAt: string;
  /** The session of the token that asked. */
  current: boolean;
}

export interface SessionListReply {
  sessions: SessionView[];
}

/** `user.session.touch`: when each session was last seen using the shop, as a gateway replica saw it. */
export interface SessionUse {
  id: string;
  at: string;
}

export interface AdminAuthReply {
  token: string;
  admin: AdminView;
}

/**
 * `user.admin.login` with two-factor sign-in on: the password was right, and the second step
 * follows with `challenge` (good for TWO_FACTOR_CHALLENGE_MINUTES). Staff without an authenticator
 * set one up from `otpauthUrl` (also drawn as the `qrCode` PNG, a data: URL).
 */
export type AdminTwoFactorChallenge =
  | { twoFactor: 'enrol'; challenge: string; otpauthUrl: string; qrCode: string; secret: string }
  | { twoFactor: 'verify'; challenge: string };

export type AdminLoginReply = AdminAuthReply | AdminTwoFactorChallenge;

/** Enrolment signs in and shows the recovery codes, once. */
export interface AdminTwoFactorEnrolReply extends AdminAuthReply {
  recoveryCodes: string[];
}

/** `user.email.verify`: the account whose address the link proved. */
export interface EmailVerifiedReply {
  message: string;
  user: UserView;
}

/** `user.email.status`, for another service: the account's address and whether it is verified. */
export interface EmailStatusReply {
  userId: string;
  email: string;
  emailVerified: boolean;
}

/** A wishlist entry as the user service keeps it; the catalog supplies the product itself. */
export interface WishlistItemView {
  productId: string;
  addedAt: string;
}

export interface WishlistToggleReply {
  user: UserView;
  added: boolean;
}

/** `user.address.update` and `user.address.delete` name the address by id. */
export interface AddressIdRequest {
  id: string;
}

export interface AddressUpdateRequest<A = unknown> extends AddressIdRequest {
  address: A;
}

/** The user service's part of the account overview's stats. */
export interface UserStatsReply {
  wishlistCount: number;
}

/** `user.admin.snapshot`: customer accounts in id order, a page at a time (`after` the last id seen). */
export interface CustomerSnapshotRequest {
  after?: string | null;
  limit?: number;
}

export interface CustomerSnapshotEntry {
  userId: string;
  username: string;
  email: string;
  phone: string | null;
  name: string | null;
  companyName: string | null;
  city: string | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface CustomerSnapshotReply {
  customers: CustomerSnapshotEntry[];
  /** Pass as `after` for the next page; null after the last. */
  next: string | null;
}

/** `user.admin.customer`: one account as the back office's customer page needs it. */
export interface AdminCustomerAccountView {
  account: UserView;
  city: string | null;
  isActive: boolean;
  deactivatedAt: string | null;
  /** Newest first. */
  wishlist: WishlistItemView[];
}

export interface CustomerDeactivateReply {
  userId: string;
  deactivatedAt: string;
  /** False when the account had been deactivated already. */
  changed: boolean;
}
