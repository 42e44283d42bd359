export * from './payment.types';
export * from './payment.schemas';
