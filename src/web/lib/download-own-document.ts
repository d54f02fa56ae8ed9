import { OWN_ACCEPTANCE_LETTER_LINK, OWN_I20_LINK } from '../../shared/issued-documents.js';
import { apiRequest } from './api-client.js';
import { saveFile } from './save-file.js';

/** The student's own files in the portal, by their link, and the names they are saved under. */
const OWN_DOCUMENT_FILE_NAMES: Readonly<Record<string, string>> = {
  [OWN_I20_LINK]: 'I-20.pdf',
  [OWN_ACCEPTANCE_LETTER_LINK]: 'Acceptance letter.pdf',
};

/** The link when it is the student's own file in the portal; null for a school's web link. */
export const ownDocumentLink = (link: string | null): string | null =>
  link !== null && link in OWN_DOCUMENT_FILE_NAMES ? link : null;

/**
 * A file the school uploaded to the portal for the student (the I-20, the acceptance letter),
 * saved to the device. It needs the bearer header, which a plain link cannot send: it is fetched,
 * then saved from the page.
 */
export async function downloadOwnDocument(link: string): Promise<void> {
  const res = await apiRequest('GET', link);
  const name = OWN_DOCUMENT_FILE_NAMES[link] ?? 'document.pdf';
  saveFile(new Blob([await res.arrayBuffer()], { type: 'application/pdf' }), name);
}
