import type { TStaffMember } from '../../../shared/staff.js';
import { useStaffSession } from '../api/get-staff-session.js';

/** The signed-in staff member, for a page inside ConsoleLayout, which renders only with one. */
export function useSignedInStaff(): TStaffMember {
  const { data } = useStaffSession();
  if (!data) throw new Error('useSignedInStaff is for pages inside ConsoleLayout.');
  return data;
}
