import { createContext, useContext } from 'react';

/**
 * The nonce of the page being rendered on the server (entry.server.tsx), which its inline scripts
 * carry for the Content-Security-Policy. In the browser there is none to give: the scripts are
 * already in the page.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
