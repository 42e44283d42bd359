import AccountPage from '../pages/account/AccountPage';
import { privatePageMeta } from './private';

export const meta = privatePageMeta('My Account');

export default function ProfilePage() {
  return <AccountPage section="settings" />;
}
