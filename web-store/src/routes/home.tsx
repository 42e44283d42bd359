import type { MetaFunction } from 'react-router';
import HomePage from '../pages/home/HomePage';
import { homeMeta } from '../seo/meta';
import { seoSiteOf } from '../seo/site';

export const meta: MetaFunction = ({ matches }) => homeMeta(seoSiteOf(matches));

export default HomePage;
