import { API_PATHS } from '../../../shared/api-paths.js';
import { consoleRequest } from './console-request.js';

/** DELETE /api/staff/session: the session ends on the server, its cookie opens nothing after. */
export async function signOutStaff(): Promise<void> {
  await consoleRequest('DELETE', API_PATHS.staffSession);
}
