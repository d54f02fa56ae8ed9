import type { TProfile } from './profile.js';

/**
 * The profile fields the server seals at rest under DATA_KEY (the security baseline of docs/spec/design.md): the ones the form says
 * are "stored encrypted". The offline copy of a profile leaves them out (decision 007), so they never
 * sit in the browser's storage. A module of its own, without zod, for the service worker.
 */
export const SEALED_PROFILE_FIELDS = [
  'passportNumber',
  'dateOfBirth',
  'medicalConditions',
  'emergencyContactName',
  'emergencyContactPhone',
  'emergencyContactRelation',
] as const satisfies readonly (keyof TProfile)[];

export type TSealedProfileField = (typeof SEALED_PROFILE_FIELDS)[number];
