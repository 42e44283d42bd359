import CartPage from '../pages/cart/CartPage';
import { privatePageMeta } from './private';

export const meta = privatePageMeta('Your cart');

export default CartPage;
