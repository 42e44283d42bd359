import type { AdminAuthReply, AdminLoginReply, AdminTwoFactorEnrolReply, AdminView } from '@shop/proto';
import { api } from './client';

export type Admin = AdminView;

/** The password step: a session, or (with two-factor sign-in on) the second step's challenge. */
export async function login(email: string, password: string): Promise<AdminLoginReply> {
  const { data } = await api.post<AdminLoginReply>('/admin2009/login', { email, password });
  if ('twoFactor' in data) {
    return data.twoFactor === 'enrol'
      ? {
          twoFactor: 'enrol',
          challenge: data.challenge,
          otpauthUrl: data.otpauthUrl,
          qrCode: data.qrCode,
          secret: data.secret,
        }
      : { twoFactor: 'verify', challenge: data.challenge };
  }
  return { token: data.token, admin: data.admin };
}

/** The first code of the authenticator just set up: signs in and answers the recovery codes, once. */
export async function enrolTwoFactor(challenge: string, code: string): Promise<AdminTwoFactorEnrolReply> {
  const { data } = await api.post<AdminTwoFactorEnrolReply>('/admin2009/login/two-factor/enrol', {
    challenge,
    code,
  });
  return { token: data.token, admin: data.admin, recoveryCodes: data.recoveryCodes };
}

/** A code from the authenticator app, or a recovery code. */
export async function verifyTwoFactor(challenge: string, code: string): Promise<AdminAuthReply> {
  const { data } = await api.post<AdminAuthReply>('/admin2009/login/two-factor', { challenge, code });
  return { token: data.token, admin: data.admin };
}

export async function fetchProfile(signal?: AbortSignal): Promise<Admin> {
  const { data } = await api.get<{ admin: Admin }>('/admin2009/profile', { signal });
  return data.admin;
}

export async function logout(): Promise<void> {
  await api.post('/admin2009/logout');
}

/** "Sign out of all devices": ends every session of the admin account, this browser's too. */
export async function signOutEverywhere(): Promise<void> {
  await api.post('/admin2009/logout/all');
}
