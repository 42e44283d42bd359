/**
 * Every Prometheus metric the shop's own code exports, by name. The gateway and the services
 * register these; the deploy overlay's alerts, recording rules and dashboard may use only these
 * (and the named metrics of RabbitMQ, CloudNativePG and kube-state-metrics), which the deploy
 * tests check. Labels are bounded: route templates and RPC patterns, never ids or raw paths.
 */
export const SHOP_METRICS = {
  /** Gateway: HTTP request duration. Labels: method, route (the template; "unmatched" for no route), status_code. */
  httpRequestDuration: 'http_server_request_duration_seconds',
  /**
   * Gateway and services: RPCs sent and how long their replies took. Labels: pattern, outcome (ok;
   * rejected: a 4xx answer such as not found or conflict; error: a 5xx or no connection; timeout).
   */
  rpcClientDuration: 'shop_rpc_client_duration_seconds',
  /** Gateway: requests refused by the rate limiter. Label: budget (default, sign-in). */
  rateLimitRejections: 'shop_rate_limit_rejections_total',
  /** Services: RPC handling duration. Labels: pattern, outcome (ok; rejected: answered 4xx; error: answered 5xx). */
  rpcServerDuration: 'shop_rpc_server_duration_seconds',
  /** Services: events handled successfully. Label: event. */
  eventsHandled: 'shop_events_handled_total',
  /** Services: event deliveries that failed and were sent back for a retry. Label: event. */
  eventsRetried: 'shop_events_retried_total',
  /** Services: events given up on and dead-lettered. Label: event ("unreadable" for a message that is no event). */
  eventsDeadLettered: 'shop_events_dead_lettered_total',
  /** Services: the age of an event when its handling began (consumer lag). Label: event. */
  eventConsumerLag: 'shop_event_consumer_lag_seconds',
  /** Services: outbox rows not yet published. */
  outboxDepth: 'shop_outbox_depth',
  /** Services: age of the oldest unpublished outbox row, 0 when empty. */
  outboxOldestAge: 'shop_outbox_oldest_age_seconds',
  /** Services: database pool connections. Label: state (total, idle, waiting). */
  dbPoolConnections: 'shop_db_pool_connections',
  /** User service: mails the SMTP relay accepted. Label: kind. */
  mailsSent: 'shop_mails_sent_total',
  /** User service: failed attempts at sending a mail, each retried later or dead-lettered. Label: kind. */
  mailAttemptsFailed: 'shop_mail_attempts_failed_total',
  /** User service: mails queued and not sent yet (waiting for their attempt, or being sent). */
  mailsPending: 'shop_mails_pending',
  /** User service: age of the oldest mail not sent yet, 0 when none waits. */
  mailOldestPendingAge: 'shop_mail_oldest_pending_age_seconds',
  /** User service: mails given up on (dead-lettered) and not re-driven. */
  mailsDead: 'shop_mails_dead',
  /** Every process: 1 while it is ready (connected to its broker, and its database for services). */
  ready: 'shop_ready',
} as const;

export type ShopMetricName = (typeof SHOP_METRICS)[keyof typeof SHOP_METRICS];

/** Every process also exports prom-client's default process and Node.js metrics with this prefix-free set. */
export const DEFAULT_PROCESS_METRICS = [
  'process_cpu_seconds_total',
  'process_resident_memory_bytes',
  'process_start_time_seconds',
  'nodejs_eventloop_lag_seconds',
  'nodejs_heap_size_used_bytes',
] as const;
