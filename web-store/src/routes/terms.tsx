import type { MetaFunction } from 'react-router';
import TermsPage from '../pages/legal/TermsPage';
import { legalMeta } from '../seo/meta';
import { seoSiteOf } from '../seo/site';

export const meta: MetaFunction = ({ matches }) => legalMeta(seoSiteOf(matches), 'terms');

export default TermsPage;
