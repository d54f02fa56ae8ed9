import { timingSafeEqual } from 'node:crypto';
import { type DataKeys, lookupHash } from '../../lib/crypto.js';
import { normalisePassportNumber } from '../../../shared/onboarding.js';

/**
 * Whether the document a provider read is the passport the student applied with. Only the keyed
 * hash of the passport number is stored, so the read number is hashed the same way and compared
 * in constant time. No number read is no match.
 */
export function matchesPassportOnFile(
  keys: DataKeys,
  documentNumber: string | null,
  passportNumberHash: string,
): boolean {
  if (documentNumber === null || normalisePassportNumber(documentNumber) === '') return false;
  const read = Buffer.from(lookupHash(keys, normalisePassportNumber(documentNumber)));
  const onFile = Buffer.from(passportNumberHash);
  return read.length === onFile.length && timingSafeEqual(read, onFile);
}
