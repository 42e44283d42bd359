export * from './order.constants';
export * from './order-status';
export * from './order-pricing';
export * from './order.schemas';
export * from './order.types';
export * from './order.events';
