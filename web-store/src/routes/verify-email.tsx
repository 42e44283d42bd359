import VerifyEmailPage from '../pages/auth/VerifyEmailPage';
import { privatePageMeta } from './private';

export const meta = privatePageMeta('Verify your e-mail address');

export default VerifyEmailPage;
