import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { TUserProfile } from '../../shared/auth.js';
import { LANDING_API_PATHS } from '../../shared/landing-api-paths.js';
import { apiRequest } from './api-client.js';
import { readStorage, removeStorage, writeStorage } from './browser-storage.js';
import { clearPersonalOfflineReads } from './offline-reads.js';
import { LOCAL_STORAGE_KEYS, SESSION_STORAGE_KEYS } from './storage-keys.js';

/**
 * The session of spec section 4. The token lives in sessionStorage (`jwt_token`) and the profile
 * in this provider's state, mirrored to sessionStorage (`user_profile`). With a stored token the
 * state is 'loading' until GET /api/user/profile has answered.
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

/** The session as the provider holds it: `user` is undefined until the server has answered. */
interface Session {
  token: string | null;
  user?: TUserProfile | null;
}

/**
 * Asks the server whose the stored token is (GET /api/user/profile). A 401 or 403 ends the
 * session locally; any other failure keeps the token and the profile this tab already had.
 */
async function checkStoredToken(token: string): Promise<Session> {
  try {
    const [res, { ZUserProfileSchema }] = await Promise.all([
      apiRequest('GET', LANDING_API_PATHS.userProfile),
      loadAuthSchemas(),
    ]);
    const user = ZUserProfileSchema.parse(await res.json());
    writeStorage('session', SESSION_STORAGE_KEYS.userProfile, JSON.stringify(user));
    return { token, user };
  } catch (error) {
    if (isAuthError(error)) {
      // Unless a sign-in has stored another token meanwhile.
      if (readStorage('session', SESSION_STORAGE_KEYS.token) === token) clearStoredCredentials();
      return { token: null };
    }
    // Offline or a server fault: the token is still good as far as we know, so the student
    // keeps the profile this tab already had rather than being signed out by a bad network.
    return { token, user: await readStoredUser() };
  }
}

/**
 * Caches of the student's answers that must empty when the session ends. The query cache
 * registers itself (query-client.ts), so the session needs none of TanStack Query's code and the
 * welcome page loads without it (docs/decisions/008).
 */
const cachesClearedOnLogout = new Set<{ clear: () => void }>();

export function clearOnLogout(cache: { clear: () => void }): void {
  cachesClearedOnLogout.add(cache);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session>(() => ({
    token: readStorage('session', SESSION_STORAGE_KEYS.token),
  }));
  // The token being checked: one question per token, also when React runs effects twice.
  const checking = useRef<string | null>(null);

  useEffect(() => {
    const { token, user } = session;
    if (token === null || user !== undefined || checking.current === token) return;
    checking.current = token;
    void checkStoredToken(token).then((checked) => {
      // A sign-in or logout while the server answered has the last word.
      setSession((current) =>
        current.token === token && current.user === undefined ? checked : current,
      );
    });
  }, [session]);

  const login = useCallback((newToken: string, user: TUserProfile) => {
    writeStorage('session', SESSION_STORAGE_KEYS.token, newToken);
    writeStorage('session', SESSION_STORAGE_KEYS.userProfile, JSON.stringify(user));
    // Whatever an earlier session of this browser left for offline use is not this student's.
    void clearPersonalOfflineReads();
    setSession({ token: newToken, user });
  }, []);

  const logout = useCallback(() => {
    // The server ends this session, so a copy of the token is refused too (sent with the token,
    // before it is forgotten). Unanswered, offline say, the token still dies with the tab.
    apiRequest('POST', LANDING_API_PATHS.logout).catch((error: unknown) => {
      console.warn('The server could not end the session:', error);
    });
    for (const key of SESSION_KEYS_CLEARED_ON_LOGOUT) removeStorage('session', key);
    removeStorage('local', LOCAL_STORAGE_KEYS.authToken);
    setSession({ token: null });
    for (const cache of cachesClearedOnLogout) cache.clear();
    // The service worker's copies of this student's answers go too (decision 007).
    void clearPersonalOfflineReads();
  }, []);

  const demoLogin = useCallback(async () => {
    try {
      const [res, { ZLoginResponseSchema }] = await Promise.all([
        apiRequest('POST', LANDING_API_PATHS.demoLogin),
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

  const user = session.user ?? null;
  const status: AuthStatus =
    session.token === null
      ? 'unauthenticated'
      : session.user === undefined
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
