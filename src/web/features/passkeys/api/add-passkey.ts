import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth.js';
import { withConfirmation } from '../utils/with-confirmation.js';
import { passkeysQueryKey } from './get-passkeys.js';
import { registerPasskey, type PasskeyKind } from './register-passkey.js';
import { useConfirmWithPasskey } from './sign-in-with-passkey.js';

/**
 * Adds a passkey on this device for the signed-in student (the profile's Passkeys section), first
 * confirming with one of their passkeys if the server asks. The registration's session, which
 * the server issues after any sign-out of the other devices, becomes this device's.
 */
export function useAddPasskey(kind: PasskeyKind) {
  const { user, login } = useAuth();
  const confirm = useConfirmWithPasskey(kind);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ signOutOtherDevices }: { signOutOtherDevices: boolean }) => {
      if (!user) throw new Error('Adding a passkey needs a signed-in student.');
      const input = {
        from: 'profile' as const,
        username: user.email ?? user.id,
        userId: user.id,
        signOutOtherDevices,
      };
      return withConfirmation(() => registerPasskey(input, kind), confirm);
    },
    onSuccess: ({ token, user: signedIn }) => {
      login(token, signedIn);
    },
    onSettled: () => {
      if (user) void queryClient.invalidateQueries({ queryKey: passkeysQueryKey(user.id) });
    },
  });
}
