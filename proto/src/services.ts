/** The six back-end services. Each owns one database and one RPC queue. */
export const SERVICES = ['user', 'catalog', 'cart', 'order', 'payment', 'admin-reporting'] as const;
export type ServiceName = (typeof SERVICES)[number];

/** RPC patterns start with this prefix per service (`admin.dashboard.get` goes to admin-reporting). */
export const RPC_PREFIX: Record<ServiceName, string> = {
  user: 'user',
  catalog: 'catalog',
  cart: 'cart',
  order: 'order',
  payment: 'payment',
  'admin-reporting': 'admin',
};

export function serviceOfPattern(pattern: string): ServiceName {
  const prefix = pattern.slice(0, pattern.indexOf('.'));
  const service = SERVICES.find((s) => RPC_PREFIX[s] === prefix);
  if (!service) throw new Error(`No service answers RPC pattern "${pattern}"`);
  return service;
}

/**
 * Every broker name is prefixed by the bus namespace (empty in production) so that test runs
 * and a developer's running shop can share one RabbitMQ without stealing each other's messages.
 */
export const brokerNames = (namespace = '') => {
  const ns = namespace ? `${namespace}.` : '';
  return {
    rpcQueue: (service: ServiceName) => `${ns}${service}.rpc`,
    eventsExchange: `${ns}shop.events`,
    eventsQueue: (service: string) => `${ns}${service}.events`,
    retryQueue: (service: string) => `${ns}${service}.events.retry`,
    deadLetterQueue: (service: string) => `${ns}${service}.events.dlq`,
  };
};
