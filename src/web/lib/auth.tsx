import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import { API_PATHS } from '../../shared/api-paths.js';
import type { TUserProfile } from '../../shared/auth.js';
import { apiRequest } from './api-client.js';
import { readStorage, removeStorage, writeStorage } from './browser-storage.js';
import { clearPersonalOfflineReads } from './offline-reads.js';
import { LOCAL_STORAGE_KEYS, SESSION_STORAGE_KEYS } from './storage-keys.js';

/**
 * The session of spec section 4. The token lives in sessionStorage (`jwt_token`) and the profile
 * in the query cache, mirrored to sessionStorage (`user_profile`). With a stored token the state is
 * 'loading' until GET /api/user/profile has answered.
 */
export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface AuthState {
  status: AuthStatus;
  user: TUserProfile | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  faceVerified: boolean;
  /** Stores the token and the user (after any sign-in) and makes the session current. */
  login: (token: string, user: TUserProfile) => void;
  /** Ends the session: clears the token, the user, the session keys and every kept answer. */
  logout: () => void;
  /** Signs in the demo student (demo mode only). Resolves false on failure, which is only logged. */
  demoLogin: () => Promise<boolean>;
}

const AuthContext = createContext<AuthState | null>(null);

export const sessionProfileQueryKey = [API_PATHS.userProfile] as const;

/** Spec section 4: a profile error mentioning 401, 403 or Unauthorized ends the session locally. */
export function isAuthError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /401|403|Unauthorized/.test(error.message);
}

/**
 * The shared zod schemas, loaded only once there is a session to check: zod is a fifth of the
 * welcome page's JavaScript otherwise, and a signed-out visitor never needs it.
 */
const loadAuthSchemas = () => import('../../shared/auth.js');

async function readStoredUser(): Promise<TUserProfile | null> {
  const raw = readStorage('session', SESSION_STORAGE_KEYS.userProfile);
  if (!raw) return null;
  try {
    const { ZUserProfileSchema } = await loadAuthSchemas();
    const parsed = ZUserProfileSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The local logout of spec section 4: only the token and the user go. */
function clearStoredCredentials(): void {
  removeStorage('session', SESSION_STORAGE_KEYS.token);
  removeStorage('session', SESSION_STORAGE_KEYS.userProfile);
}

/** Every key a session leaves behind. The install-banner dismissal outlives a logout on purpose. */
const SESSION_KEYS_CLEARED_ON_LOGOUT = [
  SESSION_STORAGE_KEYS.token,
  SESSION_STORAGE_KEYS.userProfile,
  SESSION_STORAGE_KEYS.studentId,
  SESSION_STORAGE_KEYS.firstName,
  SESSION_STORAGE_KEYS.lastName,
  SESSION_STORAGE_KEYS.veriffSessionId,
] as const;

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(() =>
    readStorage('session', SESSION_STORAGE_KEYS.token),
  );

  const profile = useQuery({
    queryKey: sessionProfileQueryKey,
    queryFn: async (): Promise<TUserProfile | null> => {
      try {
        const [res, { ZUserProfileSchema }] = await Promise.all([
          apiRequest('GET', API_PATHS.userProfile),
          loadAuthSchemas(),
        ]);
        const user = ZUserProfileSchema.parse(await res.json());
        writeStorage('session', SESSION_STORAGE_KEYS.userProfile, JSON.stringify(user));
        return user;
      } catch (error) {
        if (isAuthError(error)) {
          clearStoredCredentials();
          setToken(null);
          return null;
        }
        // Offline or a server fault: the token is still good as far as we know, so the student
        // keeps the profile this tab already had rather than being signed out by a bad network.
        const stored = await readStoredUser();
        if (stored) return stored;
        throw error;
      }
    },
    enabled: token !== null,
    // Paused queries would keep an offline student on the loading screen forever; fail instead,
    // and fall back to the stored profile above.
    networkMode: 'always',
  });

  const login = useCallback(
    (newToken: string, user: TUserProfile) => {
      writeStorage('session', SESSION_STORAGE_KEYS.token, newToken);
      writeStorage('session', SESSION_STORAGE_KEYS.userProfile, JSON.stringify(user));
      // Whatever an earlier session of this browser left for offline use is not this student's.
      void clearPersonalOfflineReads();
      void queryClient.cancelQueries({ queryKey: sessionProfileQueryKey });
      queryClient.setQueryData(sessionProfileQueryKey, user);
      setToken(newToken);
    },
    [queryClient],
  );

  const logout = useCallback(() => {
    for (const key of SESSION_KEYS_CLEARED_ON_LOGOUT) removeStorage('session', key);
    removeStorage('local', LOCAL_STORAGE_KEYS.authToken);
    setToken(null);
    queryClient.clear();
    // The service worker's copies of this student's answers go too (issue 9).
    void clearPersonalOfflineReads();
  }, [queryClient]);

  const demoLogin = useCallback(async () => {
    try {
      const [res, { ZLoginResponseSchema }] = await Promise.all([
        apiRequest('POST', API_PATHS.demoLogin),
        loadAuthSchemas(),
      ]);
      const { token: demoToken, user } = ZLoginResponseSchema.parse(await res.json());
      login(demoToken, user);
      return true;
    } catch (error) {
      // Spec section 8: a demo login failure is only logged.
      console.error('Demo login failed:', error);
      return false;
    }
  }, [login]);

  const user = token === null ? null : (profile.data ?? null);
  const status: AuthStatus =
    token === null
      ? 'unauthenticated'
      : profile.isPending
        ? 'loading'
        : user
          ? 'authenticated'
          : 'unauthenticated';

  const value = useMemo<AuthState>(
    () => ({
      status,
      user,
      isAuthenticated: status === 'authenticated',
      isLoading: status === 'loading',
      faceVerified: status === 'authenticated' && user !== null && user.faceVerified,
      login,
      logout,
      demoLogin,
    }),
    [status, user, login, logout, demoLogin],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  const auth = use(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside <AuthProvider>.');
  return auth;
}
