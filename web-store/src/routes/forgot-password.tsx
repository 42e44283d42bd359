import ForgotPasswordPage from '../pages/auth/ForgotPasswordPage';
import { privatePageMeta } from './private';

export const meta = privatePageMeta('Forgot password');

export default ForgotPasswordPage;
