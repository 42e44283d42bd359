import CheckoutPage from '../pages/checkout/CheckoutPage';
import { privatePageMeta } from './private';

export const meta = privatePageMeta('Checkout');

export default CheckoutPage;
