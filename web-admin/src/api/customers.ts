import type {
  CustomerDetailReply,
  CustomerDetailView,
  CustomerListReply,
  CustomerStatus,
  CustomerType,
} from '@shop/proto';
import { api } from './client';

export type CustomerRow = CustomerListReply['customers'][number];
export type CustomerDetail = CustomerDetailView;

export interface CustomerListParams {
  search?: string;
  type?: CustomerType;
  status?: CustomerStatus;
  page: number;
  limit?: number;
}

export const CUSTOMERS_KEY = ['admin', 'customers'] as const;

export async function listCustomers(
  params: CustomerListParams,
  signal?: AbortSignal,
): Promise<CustomerListReply> {
  const { data } = await api.get<CustomerListReply>('/admin2009/customers', { params, signal });
  return data;
}

export async function getCustomer(id: string, signal?: AbortSignal): Promise<CustomerDetail> {
  const { data } = await api.get<CustomerDetailReply>(`/admin2009/customers/${encodeURIComponent(id)}`, {
    signal,
  });
  return data.customer;
}

/** Deactivates the account: its sign-ins and tokens are refused from then on; its orders stay. */
export async function deactivateCustomer(id: string): Promise<void> {
  await api.delete(`/admin2009/customers/${encodeURIComponent(id)}`);
}
