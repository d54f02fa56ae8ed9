import { useState } from 'react';
import { useAuth } from '../../../lib/auth.js';
import { readStorage } from '../../../lib/browser-storage.js';
import { usePublicConfig } from '../../../lib/public-config.js';
import { SESSION_STORAGE_KEYS } from '../../../lib/storage-keys.js';
import { verificationPageRedirect } from '../utils/verification-redirect.js';

export type RedirectDecision =
  { status: 'checking' } | { status: 'redirect'; to: string } | { status: 'stay' };

/**
 * Decides once, when the session check has ended, whether /face-verification shows itself or
 * sends the student elsewhere (spec section 2). Decided once on purpose: the page itself marks the
 * student verified on success, and that must lead to the success message and its own delayed
 * redirect, not to an immediate one.
 *
 * Demo mode is not waited for: the one rule that reads it leads where rule 3 leads anyway.
 */
export function useVerificationRedirect(): RedirectDecision {
  const { status, user } = useAuth();
  const config = usePublicConfig();
  const [decision, setDecision] = useState<RedirectDecision>({ status: 'checking' });

  if (decision.status === 'checking' && status !== 'loading') {
    const to = verificationPageRedirect({
      demoMode: config.data?.demoMode,
      user: status === 'authenticated' ? user : null,
      hasStoredProfile: readStorage('session', SESSION_STORAGE_KEYS.userProfile) !== null,
      hasStudentId: readStorage('session', SESSION_STORAGE_KEYS.studentId) !== null,
    });
    setDecision(to === null ? { status: 'stay' } : { status: 'redirect', to });
  }
  return decision;
}
