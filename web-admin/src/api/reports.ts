import type { ReportPeriod, ReportReply, ReportType } from '@shop/proto';
import { filenameFrom } from '@shop/web-kit/download';
import { api } from './client';

export interface ReportParams {
  type: ReportType;
  period: ReportPeriod;
  /** Whole days (YYYY-MM-DD), only with the custom period. */
  from?: string;
  to?: string;
}

export const REPORTS_KEY = ['admin', 'reports'] as const;

export async function fetchReport(params: ReportParams, signal?: AbortSignal): Promise<ReportReply> {
  const { data } = await api.get<ReportReply>('/admin2009/reports', { params, signal });
  return data;
}

/** The report as the server's CSV, with its file name. */
export async function exportReport(params: ReportParams): Promise<{ csv: string; filename: string }> {
  const response = await api.get<string>('/admin2009/reports/export.csv', { params, responseType: 'text' });
  return {
    csv: typeof response.data === 'string' ? response.data : String(response.data ?? ''),
    filename: filenameFrom(response.headers, `report-${params.type}-${params.period}.csv`),
  };
}
