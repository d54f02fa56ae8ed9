import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, apiPath } from '../../../../shared/api-paths.js';
import {
  ZRemovePasskeyResponseSchema,
  type TRemovePasskeyResponse,
} from '../../../../shared/passkeys.js';
import { apiRequest } from '../../../lib/api-client.js';
import { useAuth } from '../../../lib/auth.js';
import { withConfirmation } from '../utils/with-confirmation.js';
import type { PasskeyKind } from './register-passkey.js';
import { useConfirmWithPasskey } from './sign-in-with-passkey.js';
import { passkeysQueryKey } from './get-passkeys.js';

export interface RemovePasskeyInput {
  id: string;
  signOutOtherDevices: boolean;
}

/**
 * DELETE /api/passkeys/{id}: removes one of the student's passkeys; with `signOutOtherDevices`
 * the answer carries this device's new session.
 */
export async function removePasskey({
  id,
  signOutOtherDevices,
}: RemovePasskeyInput): Promise<TRemovePasskeyResponse> {
  const res = await apiRequest('DELETE', apiPath(API_PATHS.passkey, { id }), {
    signOutOtherDevices,
  });
  return ZRemovePasskeyResponseSchema.parse(await res.json());
}

/**
 * Removes a passkey, first confirming with one of the student's passkeys if the server asks;
 * keeps the new session when the other devices were signed out, and re-reads the list.
 */
export function useRemovePasskey(kind: PasskeyKind) {
  const { user, login } = useAuth();
  const confirm = useConfirmWithPasskey(kind);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RemovePasskeyInput) =>
      withConfirmation(() => removePasskey(input), confirm),
    onSuccess: ({ session }) => {
      if (session) login(session.token, session.user);
    },
    onSettled: () => {
      // Also after a failure: a 404 means it is gone already, and the list should say so.
      if (user) void queryClient.invalidateQueries({ queryKey: passkeysQueryKey(user.id) });
    },
  });
}
