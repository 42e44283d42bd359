export * from './catalog.constants';
export * from './catalog.types';
export * from './catalog.schemas';
export * from './pricing';
export * from './list-cursor';
export * from './search-words';
export * from './pictures';
