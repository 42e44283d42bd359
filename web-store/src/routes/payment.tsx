import PaymentPage from '../pages/checkout/PaymentPage';
import { privatePageMeta } from './private';

export const meta = privatePageMeta('Payment');

export default PaymentPage;
