import type { MetaFunction } from 'react-router';
import { privateMeta } from '../seo/meta';
import { seoSiteOf } from '../seo/site';

/**
 * The head of a page tied to a person (cart, checkout, account, sign-in…): its title, and kept
 * out of search results. The server renders its frame; the browser fills it in.
 */
export const privatePageMeta =
  (title: string): MetaFunction =>
  ({ matches }) =>
    privateMeta(seoSiteOf(matches), title);
