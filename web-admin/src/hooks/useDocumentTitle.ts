import { useEffect } from 'react';

/** Names the browser tab after the screen: 'Orders | Admin Panel'. */
export function useDocumentTitle(screen: string): void {
  useEffect(() => {
    document.title = `${screen} | Admin Panel`;
  }, [screen]);
}
