import { useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { ZMailboxMessageSchema, ZMailboxResponseSchema } from '../../../shared/staff-mail.js';
import { consoleRead } from './console-request.js';

const mailboxKey = ['staff', 'mail'] as const;

/** GET /api/staff/mail (administrators): the local mailbox, newest first, read afresh each visit. */
export function useMailbox() {
  return useQuery({
    queryKey: mailboxKey,
    staleTime: 0,
    queryFn: () => consoleRead(STAFF_API_PATHS.staffMail, ZMailboxResponseSchema),
  });
}

/** GET /api/staff/mail/{id}: one message whole. A message never changes once kept. */
export function useMailboxMessage(id: string) {
  return useQuery({
    queryKey: [...mailboxKey, id],
    queryFn: () =>
      consoleRead(apiPath(STAFF_API_PATHS.staffMailMessage, { id }), ZMailboxMessageSchema),
  });
}
