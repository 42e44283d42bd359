import ForbiddenPage from '../pages/ForbiddenPage';
import { privatePageMeta } from './private';

export const meta = privatePageMeta('Access denied');

export default ForbiddenPage;
