import { useQuery, useQueryClient } from '@tanstack/react-query';
import { discoveryAccess, type User } from '@tapeline/core';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { failureOf } from '../lib/api.ts';
import { authApi, onUnauthorized } from '../lib/authApi.ts';
import { useDataTokenFollowsPlan } from '../lib/dataHostPlan.ts';
import { disablePush, pushSupport, syncPush } from '../lib/push/index.ts';
import {
  appStores,
  clearPersistedState,
  clearToken,
  readToken,
  replaceToken,
  saveToken,
  startupToken,
} from '../lib/session.ts';
import { setSessionNotice } from '../lib/sessionNotice.ts';

/** `unavailable`: a stored token could not be checked because the API did not answer. */
export type SessionState =
  | { status: 'loading' }
  | { status: 'anonymous' }
  | { status: 'unavailable'; retrying: boolean }
  | { status: 'authenticated'; user: User };

interface Session {
  state: SessionState;
  signIn: (token: string, user: User, remember: boolean) => void;
  /** After PUT /api/auth/user: the new user, and the new token when the server issued one. */
  applyUpdate: (user: User, accessToken?: string) => void;
  refresh: () => void;
  logout: () => void;
}

const SessionContext = createContext<Session | null>(null);

const userKey = (token: string | null) => ['session', 'user', token] as const;

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a SessionProvider');
  return session;
}

/** The signed-in user; only for screens the RouteGate shows to authenticated users. */
export function useUser(): User {
  const { state } = useSession();
  if (state.status !== 'authenticated') throw new Error('useUser outside an authenticated route');
  return state.user;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [token, setToken] = useState(() => {
    const stored = readToken(appStores);
    const live = startupToken(appStores, Date.now());
    if (stored !== null && live === null) setSessionNotice(appStores, 'expired');
    return live;
  });

  const userQuery = useQuery({
    queryKey: userKey(token),
    queryFn: authApi.currentUser,
    enabled: token !== null,
    retry: false,
    // Refetching on focus lets a tab left on /verify notice a verification done in another tab.
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });

  const clearSession = useCallback(() => {
    clearToken(appStores);
    clearPersistedState(appStores);
    queryClient.clear();
    setToken(null);
  }, [queryClient]);

  // A 401 on a call that carried our token: the session expired or was ended elsewhere (a
  // password change, an admin's role change). After our own logout there is no token: no notice.
  useEffect(
    () =>
      onUnauthorized(() => {
        if (readToken(appStores) === null) return;
        clearSession();
        setSessionNotice(appStores, 'expired');
      }),
    [clearSession],
  );

  const signIn = useCallback(
    (newToken: string, user: User, remember: boolean) => {
      saveToken(appStores, newToken, remember);
      queryClient.setQueryData(userKey(newToken), user);
      setToken(newToken);
    },
    [queryClient],
  );

  const applyUpdate = useCallback(
    (user: User, accessToken?: string) => {
      if (accessToken) {
        replaceToken(appStores, accessToken);
        queryClient.setQueryData(userKey(accessToken), user);
        setToken(accessToken);
      } else {
        queryClient.setQueryData(userKey(token), user);
      }
    },
    [queryClient, token],
  );

  const logout = useCallback(() => {
    const leave = () => {
      // The request takes the token before the session is cleared; its answer does not matter.
      authApi.logout().catch(() => {});
      clearSession();
      navigate('/login', { replace: true });
    };
    // A browser with push on stops getting this trader's alerts first (the next one to sign in
    // here must not); the server is told with this session's token, so it goes before the token.
    if (!pushSupport() || Notification.permission !== 'granted') return leave();
    const unsubscribed = disablePush().catch(() => undefined);
    void Promise.race([unsubscribed, new Promise((resolve) => setTimeout(resolve, PUSH_OFF_WAIT_MS))]).then(
      leave,
    );
  }, [clearSession, navigate]);

  // Signed in on a browser already subscribed: its pushes now belong to this trader.
  useEffect(() => {
    if (token !== null && pushSupport()) void syncPush().catch(() => undefined);
  }, [token]);

  const { refetch } = userQuery;
  const refresh = useCallback(() => {
    void refetch();
  }, [refetch]);

  const { data, isPending, isFetching, error } = userQuery;
  useDataTokenFollowsPlan(discoveryAccess(data?.subscription));
  const state = useMemo(
    () => deriveState(token, data, isPending, error, isFetching),
    [token, data, isPending, error, isFetching],
  );
  const value = useMemo(
    () => ({ state, signIn, applyUpdate, refresh, logout }),
    [state, signIn, applyUpdate, refresh, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** How long sign-out waits for the push unsubscription before leaving anyway. */
const PUSH_OFF_WAIT_MS = 1500;

function deriveState(
  token: string | null,
  user: User | undefined,
  pending: boolean,
  error: unknown,
  fetching: boolean,
): SessionState {
  if (token === null) return { status: 'anonymous' };
  // A failed background refetch keeps the user we already have.
  if (user) return { status: 'authenticated', user };
  if (pending) return { status: 'loading' };
  const failure = failureOf(error);
  // A 401 has already cleared the token; this is the render before that lands.
  if (failure.kind === 'api' && failure.status === 401) return { status: 'anonymous' };
  return { status: 'unavailable', retrying: fetching };
}
