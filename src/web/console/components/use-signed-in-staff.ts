import { createContext, use } from 'react';
import type { TStaffMember } from '../../../shared/staff.js';

/** The signed-in staff member, which ConsoleLayout provides to the pages it frames. */
export const SignedInStaffContext = createContext<TStaffMember | null>(null);

/** The signed-in staff member, for a page inside ConsoleLayout, which renders only with one. */
export function useSignedInStaff(): TStaffMember {
  const staff = use(SignedInStaffContext);
  if (!staff) throw new Error('useSignedInStaff is for pages inside ConsoleLayout.');
  return staff;
}
