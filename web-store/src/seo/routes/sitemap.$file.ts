import type { LoaderFunctionArgs } from 'react-router';
import { sitemapFileResponse } from '../resources.server';

/** `/sitemap/:file`: `pages.xml` or `products-<n>.xml` of the sitemap index; 404 for any other name. */
export function loader({ params }: LoaderFunctionArgs) {
  return sitemapFileResponse(params.file ?? '');
}
