import { Link, Outlet } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.js';
import { TextLink } from '../../components/ui/text-link.js';
import { consolePaths } from '../console-paths.js';
import { ConsolePage } from './console-page.js';
import { useSignedInStaff } from './use-signed-in-staff.js';

/**
 * The administrators' pages (the team, the audit log). The server refuses anyone else (403); this
 * says so in words instead of showing a page that cannot load.
 */
export function AdminOnly() {
  const staff = useSignedInStaff();
  if (staff.role === 'admin') return <Outlet />;
  return (
    <ConsolePage title="For administrators only">
      <Alert variant="warning" role="status">
        <AlertTitle>Only an administrator can open this page.</AlertTitle>
        <AlertDescription>
          <TextLink asChild>
            <Link to={consolePaths.students.getHref()}>Go to the students</Link>
          </TextLink>
        </AlertDescription>
      </Alert>
    </ConsolePage>
  );
}
