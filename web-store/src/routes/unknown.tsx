import { redirect } from 'react-router';

/**
 * An address the shop does not have goes to home (storefront spec, section 2), by a redirect
 * status, so that crawlers drop it rather than index home under it.
 */
export function loader() {
  throw redirect('/');
}

export function clientLoader() {
  throw redirect('/');
}

export default function UnknownPage() {
  return null;
}
