import type { ReorderListReply, ReorderReceiveReply, ReorderView } from '@shop/proto';
import { api } from './client';

export type Reorder = ReorderView;

export const REORDERS_KEY = ['admin', 'reorders'] as const;

/** Auto reorder's requests: the open ones first, then the recently received. */
export async function listReorders(signal?: AbortSignal): Promise<Reorder[]> {
  const { data } = await api.get<ReorderListReply>('/admin2009/reorders', { signal });
  return data.reorders;
}

/** Marks a request received: its quantity joins the product's stock. */
export async function receiveReorder(id: string): Promise<ReorderReceiveReply> {
  const { data } = await api.post<ReorderReceiveReply>(
    `/admin2009/reorders/${encodeURIComponent(id)}/receive`,
  );
  return data;
}
