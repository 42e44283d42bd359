/**
 * Asks the storefront's server for a page rendered whole, as it renders one for a crawler, instead
 * of streamed in parts as they are ready: the gateway asks so for a page it will keep and send to
 * every shopper (gateway/src/web-apps/storefront-page-cache.ts), and it waits for the whole page
 * before sending it anyway.
 */
export const WHOLE_PAGE_HEADER = 'x-whole-page';
