import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import * as authApi from '../api/auth';
import { STORAGE_KEYS, type ApiFailure } from '../api/client';
import { createLogger } from '@shop/web-kit/logger';

export interface AuthContextValue {
  user: authApi.User | null;
  /**
   * True while a stored token is being turned into a user and there is no user to show yet. Whether
   * the stored session has been read at all is useSessionLoading's, not this value's.
   */
  checking: boolean;
  /**
   * Why the stored session could not be confirmed when there is no user to show meanwhile: no
   * answer, a server error. The token is kept; only a 401 ends a session.
   */
  sessionError: ApiFailure | null;
  /** Asks the server for the stored session's user again. */
  retrySession(): void;
  /** True after the server refused the session (a 401): signed-in pages send to /login?session=expired. */
  sessionExpired: boolean;
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
/**
 * Whether the browser has read the stored session: false in the server's render and the
 * hydration, true from the layout effect after it. Apart from the session itself, so that for a
 * visitor, with nothing stored, reading it changes nothing the page's many useAuth() readers see:
 * they are not rendered again in the hydration's last task (Lighthouse's Time to Interactive).
 */
const SessionReadContext = createContext(false);

const ME_KEY = ['auth', 'me'] as const;
const logger = createLogger('auth');

/** The user as the server last described them, kept beside the token (storage key `user`). */
function readStoredUser(): authApi.User | null {
  const raw = localStorage.getItem(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as authApi.User | null;
    return user && typeof user === 'object' && typeof user._id === 'string' ? user : null;
  } catch {
    return null;
  }
}

function forgetStoredSession() {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.user);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // The server has no localStorage, so the page it renders is a visitor's; the browser hydrates
  // that same markup first, then takes the stored session before it paints (a layout effect), so
  // a signed-in shopper sees neither a hydration error nor the visitor's header.
  const [restored, setRestored] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  // A reload shows the shopper signed in at once, and stays so when the server's answer about the
  // session is late or never comes (a lost connection, a server error): only a 401 signs them out.
  const [storedUser, setStoredUser] = useState<authApi.User | null>(null);
  const [sessionExpired, setSessionExpired] = useState(false);

  useLayoutEffect(() => {
    const held = localStorage.getItem(STORAGE_KEYS.token);
    setToken(held);
    setStoredUser(held ? readStoredUser() : null);
    setRestored(true);
  }, []);

  const me = useQuery({
    queryKey: [...ME_KEY, token],
    queryFn: ({ signal }) => authApi.fetchMe(signal),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
  });

  useEffect(() => {
    if (!token || !me.data) return;
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(me.data));
    setStoredUser(me.data);
  }, [token, me.data]);

  const startSession = useCallback(
    (result: authApi.AuthResult) => {
      localStorage.setItem(STORAGE_KEYS.token, result.token);
      queryClient.setQueryData([...ME_KEY, result.token], result.user);
      setSessionExpired(false);
      setToken(result.token);
      return result.user;
    },
    [queryClient],
  );

  const forget = useCallback(() => {
    setToken(null);
    setStoredUser(null);
    queryClient.removeQueries({ queryKey: ME_KEY });
  }, [queryClient]);

  const endSession = useCallback(() => {
    localStorage.removeItem(STORAGE_KEYS.user);
    setSessionExpired(true);
    forget();
  }, [forget]);

  const { data, isPending, error, refetch } = me;
  const value = useMemo<AuthContextValue>(() => {
    const user = token ? (data ?? storedUser) : null;
    return {
      user,
      checking: Boolean(token) && isPending && !user,
      sessionError: token && !user && error ? error : null,
      retrySession: () => void refetch(),
      sessionExpired,
      login: async (identifier, password) => startSession(await authApi.login(identifier, password)),
      register: async (username, email, password) =>
        startSession(await authApi.register(username, email, password)),
      loginWithToken: async (newToken) => {
        localStorage.setItem(STORAGE_KEYS.token, newToken);
        try {
          const fetched = await authApi.fetchMe();
          return startSession({ token: newToken, user: fetched });
        } catch (failure) {
          localStorage.removeItem(STORAGE_KEYS.token);
          throw failure;
        }
      },
      logout: () => {
        const held = localStorage.getItem(STORAGE_KEYS.token);
        forgetStoredSession();
        setSessionExpired(false);
        forget();
        // Signing out here must not wait for, or depend on, the server.
        if (held) authApi.logout(held).catch((failure) => logger.warn('Logout call failed', failure));
      },
      renewSession: startSession,
      endSession,
      updateUser: (next) => {
        if (token) queryClient.setQueryData([...ME_KEY, token], next);
      },
    };
  }, [
    token,
    data,
    storedUser,
    isPending,
    error,
    refetch,
    sessionExpired,
    startSession,
    forget,
    endSession,
    queryClient,
  ]);

  return (
    <SessionReadContext.Provider value={restored}>
      <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
    </SessionReadContext.Provider>
  );
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside AuthProvider');
  return context;
}

/**
 * True until the stored session has been read (the server's render and the hydration), and while a
 * stored token is being turned into a user and there is no user to show yet: what a page that
 * depends on who is signed in waits for.
 */
export function useSessionLoading(): boolean {
  const read = useContext(SessionReadContext);
  const { checking } = useAuth();
  return !read || checking;
}
