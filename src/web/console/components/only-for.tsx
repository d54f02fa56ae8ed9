import { Link, Outlet } from 'react-router';
import type { TStaffRole } from '../../../shared/staff.js';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.js';
import { TextLink } from '../../components/ui/text-link.js';
import { consolePaths } from '../console-paths.js';
import { ConsolePage } from './console-page.js';
import { useSignedInStaff } from './use-signed-in-staff.js';

/**
 * Pages for some roles only (the administrators' team and audit log; adding and importing
 * students, STAFF_PERMISSIONS). The server refuses anyone else (403); this says so in words
 * instead of showing a page that cannot load.
 */
export function OnlyFor({
  roles,
  title,
  refusal,
}: {
  roles: readonly TStaffRole[];
  title: string;
  refusal: string;
}) {
  const staff = useSignedInStaff();
  if (roles.includes(staff.role)) return <Outlet />;
  return (
    <ConsolePage title={title}>
      <Alert variant="warning" role="status">
        <AlertTitle>{refusal}</AlertTitle>
        <AlertDescription>
          <TextLink asChild>
            <Link to={consolePaths.students.getHref()}>Go to the students</Link>
          </TextLink>
        </AlertDescription>
      </Alert>
    </ConsolePage>
  );
}
