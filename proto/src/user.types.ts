import type { Role } from './envelope';

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
}

export interface AdminView {
  _id: string;
  email: string;
}

export interface AuthReply<U> {
  token: string;
  user: U;
}

/** An answer that ended the account's sessions (logout, password change): its token version from now on. */
export interface SessionsRevokedReply {
  message: string;
  tokenVersion: number;
}

/** A password change or reset also answers a fresh token, so the tab that made it stays signed in. */
export interface PasswordChangedReply extends SessionsRevokedReply {
  token: string;
}

export interface PasswordResetReply extends SessionsRevokedReply, AuthReply<UserView> {}

/** An account's token version: its tokens signed at an older version are refused. */
export interface AccountTokenVersion {
  role: Role;
  accountId: string;
  tokenVersion: number;
}

export interface AdminAuthReply {
  token: string;
  admin: AdminView;
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
