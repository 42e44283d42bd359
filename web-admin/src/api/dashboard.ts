import type { DashboardComparisonReply, DashboardReply } from '@shop/proto';
import { api } from './client';

export const DASHBOARD_KEY = ['admin', 'dashboard'] as const;

/** The revenue trend's filter: a year, and one month of it (1 to 12) or all of them. */
export interface TrendFilter {
  year: number;
  month: 'all' | number;
}

/** `GET /admin2009/dashboard`; a trend filter asks for that year's (or month's) trend. */
export async function fetchDashboard(trend?: TrendFilter, signal?: AbortSignal): Promise<DashboardReply> {
  const { data } = await api.get<DashboardReply>('/admin2009/dashboard', { params: trend, signal });
  return data;
}

/** `GET /admin2009/dashboard?period=previous_month`: the figures as they stood when this month began. */
export async function fetchPreviousMonth(signal?: AbortSignal): Promise<DashboardComparisonReply> {
  const { data } = await api.get<DashboardComparisonReply>('/admin2009/dashboard', {
    params: { period: 'previous_month' },
    signal,
  });
  return data;
}
