/**
 * The server's Prometheus metrics: requests by route (the route's id, never the raw path, so that
 * ids in addresses add no series), method and status, and their durations.
 */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Series {
  labels: string;
  count: number;
  sum: number;
  buckets: number[];
}

const series = new Map<string, Series>();
const startedAt = Date.now() / 1000;

const escape = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

export function observeRequest(route: string, method: string, status: number, seconds: number): void {
  const labels = `route="${escape(route)}",method="${escape(method)}",status_code="${status}"`;
  let entry = series.get(labels);
  if (!entry) {
    entry = { labels, count: 0, sum: 0, buckets: BUCKETS.map(() => 0) };
    series.set(labels, entry);
  }
  entry.count += 1;
  entry.sum += seconds;
  BUCKETS.forEach((bound, i) => {
    if (seconds <= bound) entry.buckets[i] += 1;
  });
}

export function metricsText(): string {
  const lines = [
    '# HELP web_store_http_requests_total Requests the storefront server answered.',
    '# TYPE web_store_http_requests_total counter',
    ...[...series.values()].map((s) => `web_store_http_requests_total{${s.labels}} ${s.count}`),
    '# HELP web_store_http_request_duration_seconds Time to answer a request, to its last byte.',
    '# TYPE web_store_http_request_duration_seconds histogram',
  ];
  for (const s of series.values()) {
    BUCKETS.forEach((bound, i) =>
      lines.push(`web_store_http_request_duration_seconds_bucket{${s.labels},le="${bound}"} ${s.buckets[i]}`),
    );
    lines.push(
      `web_store_http_request_duration_seconds_bucket{${s.labels},le="+Inf"} ${s.count}`,
      `web_store_http_request_duration_seconds_sum{${s.labels}} ${s.sum}`,
      `web_store_http_request_duration_seconds_count{${s.labels}} ${s.count}`,
    );
  }
  const memory = process.memoryUsage();
  const cpu = process.cpuUsage();
  lines.push(
    '# HELP process_cpu_seconds_total Total user and system CPU time spent in seconds.',
    '# TYPE process_cpu_seconds_total counter',
    `process_cpu_seconds_total ${(cpu.user + cpu.system) / 1e6}`,
    '# HELP process_resident_memory_bytes Resident memory size in bytes.',
    '# TYPE process_resident_memory_bytes gauge',
    `process_resident_memory_bytes ${memory.rss}`,
    '# HELP process_start_time_seconds Start time of the process since unix epoch in seconds.',
    '# TYPE process_start_time_seconds gauge',
    `process_start_time_seconds ${startedAt}`,
  );
  return `${lines.join('\n')}\n`;
}
