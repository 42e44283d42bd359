import RegisterPage from '../pages/auth/RegisterPage';
import { privatePageMeta } from './private';

export const meta = privatePageMeta('Create an account');

export default RegisterPage;
