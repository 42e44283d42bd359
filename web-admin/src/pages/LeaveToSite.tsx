import { useEffect } from 'react';
import { LoadingState } from '@shop/web-kit/QueryStates';

/** Any unknown path of the whole app goes to the storefront's home (back-office spec, section 2). */
export default function LeaveToSite() {
  useEffect(() => {
    window.location.replace('/');
  }, []);
  return <LoadingState />;
}
