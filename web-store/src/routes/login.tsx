import LoginPage from '../pages/auth/LoginPage';
import { privatePageMeta } from './private';

export const meta = privatePageMeta('Sign In');

export default LoginPage;
