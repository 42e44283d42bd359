import type {
  AdminOrderListReply,
  AdminProcessReply,
  CodOutcome,
  DocumentKind,
  OrderStatus,
  OrderView,
} from '@shop/proto';
import { filenameFrom } from '@shop/web-kit/download';
import { api } from './client';

export type AdminOrder = OrderView;

export interface OrderListParams {
  search?: string;
  status?: OrderStatus;
  from?: string;
  to?: string;
  page: number;
  limit: number;
}

export const ORDERS_KEY = ['admin', 'orders'] as const;

export async function listOrders(
  params: OrderListParams,
  signal?: AbortSignal,
): Promise<AdminOrderListReply> {
  const { data } = await api.get<AdminOrderListReply>('/admin2009/orders', { params, signal });
  return data;
}

export async function getOrder(id: string, signal?: AbortSignal): Promise<AdminOrder> {
  const { data } = await api.get<{ order: AdminOrder }>(`/admin2009/orders/${encodeURIComponent(id)}`, {
    signal,
  });
  return data.order;
}

export async function updateOrder(
  id: string,
  patch: { orderStatus?: OrderStatus; trackingNumber?: string },
): Promise<AdminOrder | undefined> {
  const { data } = await api.patch<{ order?: AdminOrder }>(
    `/admin2009/orders/${encodeURIComponent(id)}`,
    patch,
  );
  return data.order;
}

export async function processOrders(): Promise<number> {
  const { data } = await api.post<AdminProcessReply>('/admin2009/orders/process');
  return data.processed;
}

/** The filtered orders as the server's CSV (every cell quoted), with its file name. */
export async function exportOrders(
  params: Omit<OrderListParams, 'page' | 'limit'>,
): Promise<{ csv: string; filename: string }> {
  const response = await api.get<string>('/admin2009/orders/export.csv', { params, responseType: 'text' });
  const filename = filenameFrom(response.headers, `orders-${new Date().toISOString().slice(0, 10)}.csv`);
  return { csv: typeof response.data === 'string' ? response.data : String(response.data ?? ''), filename };
}

/** One of the order's documents (invoice, receipt, credit note) as the PDF the server issued, with its file name. */
export async function fetchOrderDocument(
  id: string,
  kind: DocumentKind,
): Promise<{ file: Blob; filename: string }> {
  const response = await api.get<Blob>(
    `/admin2009/orders/${encodeURIComponent(id)}/documents/${encodeURIComponent(kind)}`,
    { responseType: 'blob' },
  );
  return { file: response.data, filename: filenameFrom(response.headers, `${kind}.pdf`) };
}

/** Records what happened at the door of a cash-on-delivery order: the cash was received, or the parcel refused. */
export async function recordCashOnDelivery(id: string, outcome: CodOutcome): Promise<AdminOrder> {
  const { data } = await api.post<{ order: AdminOrder }>(
    `/admin2009/orders/${encodeURIComponent(id)}/cash-on-delivery`,
    { outcome },
  );
  return data.order;
}
