// The logger is @shop/web-kit's. This path is kept only for api/client.ts, until that client is
// built on the kit's request handling.
export { createLogger, type Logger } from '@shop/web-kit/logger';
