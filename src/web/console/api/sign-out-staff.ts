import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { consoleRequest } from './console-request.js';

/** DELETE /api/staff/session: the session ends on the server, its cookie opens nothing after. */
export async function signOutStaff(): Promise<void> {
  await consoleRequest('DELETE', STAFF_API_PATHS.staffSession);
}
