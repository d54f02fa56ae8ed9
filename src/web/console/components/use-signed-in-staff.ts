import { useOutletContext } from 'react-router';
import type { TStaffMember } from '../../../shared/staff.js';

/**
 * The signed-in staff member, for a page inside ConsoleLayout, which renders its pages only with
 * one and hands it down (AdminOnly hands it on).
 */
export function useSignedInStaff(): TStaffMember {
  return useOutletContext<TStaffMember>();
}
