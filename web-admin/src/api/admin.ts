import type { AdminAuthReply, AdminView } from '@shop/proto';
import { api } from './client';

export type Admin = AdminView;

export async function login(email: string, password: string): Promise<AdminAuthReply> {
  const { data } = await api.post<AdminAuthReply>('/admin2009/login', { email, password });
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
