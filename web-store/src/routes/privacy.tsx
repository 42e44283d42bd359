import type { MetaFunction } from 'react-router';
import PrivacyPage from '../pages/legal/PrivacyPage';
import { legalMeta } from '../seo/meta';
import { seoSiteOf } from '../seo/site';

export const meta: MetaFunction = ({ matches }) => legalMeta(seoSiteOf(matches), 'privacy');

export default PrivacyPage;
