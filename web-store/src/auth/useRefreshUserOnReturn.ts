import { useEffect } from 'react';
import { useAuth } from './AuthContext';

/**
 * While `active`, asks the server for the signed-in user again each time the shopper comes back to
 * this tab: after following the verification link from their mail in another one, this page learns
 * that the address is now verified.
 */
export function useRefreshUserOnReturn(active: boolean): void {
  const { retrySession } = useAuth();
  useEffect(() => {
    if (!active) return;
    const onReturn = () => {
      if (document.visibilityState === 'visible') retrySession();
    };
    window.addEventListener('focus', onReturn);
    document.addEventListener('visibilitychange', onReturn);
    return () => {
      window.removeEventListener('focus', onReturn);
      document.removeEventListener('visibilitychange', onReturn);
    };
  }, [active, retrySession]);
}
