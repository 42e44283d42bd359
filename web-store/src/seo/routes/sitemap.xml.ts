import { sitemapResponse } from '../resources.server';

/** `/sitemap.xml`: one sitemap, or the index of `/sitemap/<file>` for a large catalog. */
export function loader() {
  return sitemapResponse();
}
