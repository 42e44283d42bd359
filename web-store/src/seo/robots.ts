import { PRIVATE_PATHS } from './pages';
import { absoluteUrl } from './url';

/**
 * Filters that order or narrow a list (sort, price, rating): each combination is the same products
 * again, and crawling them all would spend the crawl on copies. Category, search and page stay open.
 */
const LIST_FACETS = ['sort', 'minPrice', 'maxPrice', 'minRating'];

/**
 * `/robots.txt`: the catalog is open; the pages tied to a person, the API and the back office are
 * not crawled; and the sitemap is named by its absolute URL.
 */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...[...PRIVATE_PATHS, '/api/', '/admin2009'].map((path) => `Disallow: ${path}`),
    ...LIST_FACETS.map((facet) => `Disallow: /*?*${facet}=`),
    '',
    `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
