export * from './reporting.constants';
export * from './customer-status';
export * from './growth';
export * from './ist-calendar';
export * from './report-period';
export * from './reporting.schemas';
export * from './settings.schemas';
export * from './reporting.types';
