import AccountPage from '../pages/account/AccountPage';
import { privatePageMeta } from './private';

export const meta = privatePageMeta('Wishlist');

export default function WishlistPage() {
  return <AccountPage section="wishlist" />;
}
