export * from './catalog.constants';
export * from './catalog.types';
export * from './catalog.schemas';
export * from './pricing';
