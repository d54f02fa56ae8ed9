import { z } from 'zod';
import { type DataKeys, decryptField, encryptField } from './crypto.js';

/**
 * A profile's emergency contact, sealed as one value so that not even how long each part is
 * shows (the security baseline of docs/spec/design.md).
 */
const ZEmergencyContactSchema = z.object({
  name: z.string(),
  phone: z.string(),
  relation: z.string(),
});
export type EmergencyContact = z.infer<typeof ZEmergencyContactSchema>;

export const sealEmergencyContact = (keys: DataKeys, contact: EmergencyContact): string =>
  encryptField(keys, JSON.stringify(contact));

export const openEmergencyContact = (keys: DataKeys, sealed: string): EmergencyContact =>
  ZEmergencyContactSchema.parse(JSON.parse(decryptField(keys, sealed)));
