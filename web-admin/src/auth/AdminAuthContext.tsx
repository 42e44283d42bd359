import type { AdminAuthReply, AdminTwoFactorChallenge } from '@shop/proto';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import * as adminApi from '../api/admin';
import { TOKEN_STORAGE_KEYS, type ApiFailure } from '../api/client';
import { createLogger } from '@shop/web-kit/logger';

const logger = createLogger('admin:auth');

export interface AdminAuthValue {
  admin: adminApi.Admin | null;
  /** True while a stored admin token is being turned into an admin. */
  loading: boolean;
  /**
   * Why the stored admin token could not be turned into an admin: no answer, a server error. The
   * token is kept; only a 401 ends a session.
   */
  sessionError: ApiFailure | null;
  /** Asks the server for the stored session's admin again. */
  retrySession(): void;
  /**
   * The password step. Signs in and answers null, or, with two-factor sign-in on, answers the
   * second step's challenge: no session starts until that step does.
   */
  login(email: string, password: string): Promise<AdminTwoFactorChallenge | null>;
  /** Starts the session a two-factor step signed in with. */
  startSession(reply: AdminAuthReply): void;
  logout(): Promise<void>;
  /** True after the request client ended the session on a 401: sign-in says why. */
  sessionExpired: boolean;
  /** Forgets the session in memory after the request client cleared an expired token. */
  endSession(): void;
}

const AdminAuthContext = createContext<AdminAuthValue | null>(null);

const PROFILE_KEY = ['admin', 'profile'] as const;

export function AdminAuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState(() => localStorage.getItem(TOKEN_STORAGE_KEYS.admin));
  const [sessionExpired, setSessionExpired] = useState(false);

  const profile = useQuery({
    queryKey: [...PROFILE_KEY, token],
    queryFn: ({ signal }) => adminApi.fetchProfile(signal),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
  });

  const forget = useCallback(() => {
    setToken(null);
    queryClient.removeQueries({ queryKey: PROFILE_KEY });
  }, [queryClient]);

  const endSession = useCallback(() => {
    setSessionExpired(true);
    forget();
  }, [forget]);

  const startSession = useCallback(
    (reply: AdminAuthReply) => {
      localStorage.setItem(TOKEN_STORAGE_KEYS.admin, reply.token);
      queryClient.setQueryData([...PROFILE_KEY, reply.token], reply.admin);
      setSessionExpired(false);
      setToken(reply.token);
    },
    [queryClient],
  );

  const { data, isPending, error, refetch } = profile;
  const value = useMemo<AdminAuthValue>(
    () => ({
      admin: token ? (data ?? null) : null,
      loading: Boolean(token) && isPending,
      sessionError: token && !data && error ? error : null,
      retrySession: () => void refetch(),
      sessionExpired,
      login: async (email, password) => {
        const reply = await adminApi.login(email, password);
        if ('twoFactor' in reply) return reply;
        startSession(reply);
        return null;
      },
      startSession,
      logout: async () => {
        try {
          await adminApi.logout();
        } catch (error) {
          // Signing out locally must not depend on the server being reachable.
          logger.warn('Logout call failed; the local session ends anyway', error);
        }
        localStorage.removeItem(TOKEN_STORAGE_KEYS.admin);
        forget();
      },
      endSession,
    }),
    [token, data, isPending, error, refetch, sessionExpired, forget, endSession, startSession],
  );

  return <AdminAuthContext.Provider value={value}>{children}</AdminAuthContext.Provider>;
}

export function useAdminAuth(): AdminAuthValue {
  const context = useContext(AdminAuthContext);
  if (!context) throw new Error('useAdminAuth must be used inside AdminAuthProvider');
  return context;
}
