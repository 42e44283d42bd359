export * from './cart.constants';
export * from './customization';
export * from './cart.schemas';
export * from './cart.types';
export * from './cart-rules';
