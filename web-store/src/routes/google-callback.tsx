import GoogleCallbackPage from '../pages/auth/GoogleCallbackPage';
import { privatePageMeta } from './private';

export const meta = privatePageMeta('Signing in');

export default GoogleCallbackPage;
