import { API_PATHS } from '../../../../shared/api-paths.js';
import { apiRequest } from '../../../lib/api-client.js';
import { saveFile } from '../../../lib/save-file.js';

/** The name the student's copy is saved under. */
export const OWN_I20_FILE_NAME = 'I-20.pdf';

/**
 * GET /api/i20: the I-20 the school uploaded, saved to the device. The file needs the bearer
 * header, which a plain link cannot send: it is fetched, then saved from the page.
 */
export async function downloadOwnI20(): Promise<void> {
  const res = await apiRequest('GET', API_PATHS.studentI20);
  saveFile(new Blob([await res.arrayBuffer()], { type: 'application/pdf' }), OWN_I20_FILE_NAME);
}
