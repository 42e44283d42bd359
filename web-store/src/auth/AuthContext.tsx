import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import * as authApi from '../api/auth';
import { STORAGE_KEYS } from '../api/client';
import { createLogger } from '../lib/logger';

export interface AuthContextValue {
  user: authApi.User | null;
  /** True while a stored token is being turned into a user. */
  loading: boolean;
  login(identifier: string, password: string): Promise<authApi.User>;
  register(username: string, email: string, password: string): Promise<authApi.User>;
  /** Signs in with a token obtained elsewhere (the third-party sign-in callback). */
  loginWithToken(token: string): Promise<authApi.User>;
  /** Forgets the session here and ends it on the server. */
  logout(): void;
  /** Carries on with the fresh token a password change or reset answered (the old one has ended). */
  renewSession(result: authApi.AuthResult): void;
  /** Forgets the session in memory after the request client cleared an expired token. */
  endSession(): void;
  /** Takes the user a call answered with (wishlist, profile, addresses) as the current one. */
  updateUser(user: authApi.User): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

const ME_KEY = ['auth', 'me'] as const;
const logger = createLogger('auth');

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState(() => localStorage.getItem(STORAGE_KEYS.token));

  const me = useQuery({
    queryKey: [...ME_KEY, token],
    queryFn: async ({ signal }) => {
      try {
        return await authApi.fetchMe(signal);
      } catch (error) {
        // On load a token that no longer names a user is dropped (storefront spec, section 4).
        localStorage.removeItem(STORAGE_KEYS.token);
        setToken(null);
        throw error;
      }
    },
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
  });

  const startSession = useCallback(
    (result: authApi.AuthResult) => {
      localStorage.setItem(STORAGE_KEYS.token, result.token);
      queryClient.setQueryData([...ME_KEY, result.token], result.user);
      setToken(result.token);
      return result.user;
    },
    [queryClient],
  );

  const endSession = useCallback(() => {
    setToken(null);
    queryClient.removeQueries({ queryKey: ME_KEY });
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: token ? (me.data ?? null) : null,
      loading: Boolean(token) && me.isPending,
      login: async (identifier, password) => startSession(await authApi.login(identifier, password)),
      register: async (username, email, password) =>
        startSession(await authApi.register(username, email, password)),
      loginWithToken: async (newToken) => {
        localStorage.setItem(STORAGE_KEYS.token, newToken);
        try {
          const user = await authApi.fetchMe();
          return startSession({ token: newToken, user });
        } catch (error) {
          localStorage.removeItem(STORAGE_KEYS.token);
          throw error;
        }
      },
      logout: () => {
        const held = localStorage.getItem(STORAGE_KEYS.token);
        localStorage.removeItem(STORAGE_KEYS.token);
        endSession();
        // Signing out here must not wait for, or depend on, the server.
        if (held) authApi.logout(held).catch((error) => logger.warn('Logout call failed', error));
      },
      renewSession: startSession,
      endSession,
      updateUser: (next) => {
        if (token) queryClient.setQueryData([...ME_KEY, token], next);
      },
    }),
    [token, me.data, me.isPending, startSession, endSession, queryClient],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside AuthProvider');
  return context;
}
