import ResetPasswordPage from '../pages/auth/ResetPasswordPage';
import { privatePageMeta } from './private';

export const meta = privatePageMeta('Choose a new password');

export default ResetPasswordPage;
