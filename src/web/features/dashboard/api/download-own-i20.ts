import { API_PATHS } from '../../../../shared/api-paths.js';
import { apiRequest } from '../../../lib/api-client.js';

/** The name the student's copy is saved under. */
export const OWN_I20_FILE_NAME = 'I-20.pdf';

/**
 * GET /api/i20: the I-20 the school uploaded, saved to the device. The file needs the bearer
 * header, which a plain link cannot send: it is fetched, then saved through a blob: URL that is
 * revoked once the browser has it.
 */
export async function downloadOwnI20(): Promise<void> {
  const res = await apiRequest('GET', API_PATHS.studentI20);
  const url = URL.createObjectURL(new Blob([await res.arrayBuffer()], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = OWN_I20_FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 60_000);
}
