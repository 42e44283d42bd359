import ConfirmationPage from '../pages/checkout/ConfirmationPage';
import { privatePageMeta } from './private';

export const meta = privatePageMeta('Order confirmation');

export default ConfirmationPage;
