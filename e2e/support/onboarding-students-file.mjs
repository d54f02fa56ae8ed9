// Shared by the end-to-end server (scripts/e2e-server.mjs), which adds these students, and the
// journeys, which read their invite codes: plain JavaScript, since the server script runs in Node
// without a TypeScript loader.
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Onboarding students of the journeys' own, one per journey that changes its student (the
 * identity check approves them, a passkey uses up their invite; the console changes or deletes
 * them). At the demo school; one brought by the demo agency's agent (agentEmail).
 */
export const ONBOARDING_STUDENTS = [
  {
    journey: 'identity',
    firstName: 'Nadia',
    lastName: 'Rahman',
    email: 'nadia.rahman@e2e.example',
    passportNumber: 'E2E00001',
    dateOfBirth: '2001-03-04',
    school: 'Lakeshore State University',
  },
  {
    journey: 'onboarding',
    firstName: 'Tomas',
    lastName: 'Silva',
    email: 'tomas.silva@e2e.example',
    passportNumber: 'E2E00002',
    dateOfBirth: '1999-11-20',
    school: 'Lakeshore State University',
  },
  {
    journey: 'i20',
    firstName: 'Ife',
    lastName: 'Okafor',
    email: 'ife.okafor@e2e.example',
    passportNumber: 'E2E00003',
    dateOfBirth: '2002-05-17',
    school: 'Lakeshore State University',
  },
  {
    // Brought by the demo agency's agent, so the demo agent answers her messages.
    journey: 'messages',
    firstName: 'Sofia',
    lastName: 'Reyes',
    email: 'sofia.reyes@e2e.example',
    passportNumber: 'E2E00004',
    dateOfBirth: '2001-08-09',
    school: 'Lakeshore State University',
    agentEmail: 'rahul.mehta@brighthorizons.example.com',
  },
  {
    // At the school that requires the interview, whose officer reviews it.
    journey: 'moi',
    firstName: 'Arjun',
    lastName: 'Nair',
    email: 'arjun.nair@e2e.example',
    passportNumber: 'E2E00005',
    dateOfBirth: '2000-02-29',
    school: 'Lakeshore State University',
  },
  {
    journey: 'student-data',
    firstName: 'Lena',
    lastName: 'Vogt',
    email: 'lena.vogt@e2e.example',
    passportNumber: 'E2E00006',
    dateOfBirth: '2000-08-02',
    school: 'Lakeshore State University',
  },
  {
    journey: 'bulk',
    firstName: 'Omar',
    lastName: 'Haddad',
    email: 'omar.haddad@e2e.example',
    passportNumber: 'E2E00007',
    dateOfBirth: '2001-12-30',
    school: 'Lakeshore State University',
  },
  {
    // With an application, whose documents the school officer asks for and reviews.
    journey: 'documents',
    firstName: 'Mei',
    lastName: 'Chen',
    email: 'mei.chen@e2e.example',
    passportNumber: 'E2E00008',
    dateOfBirth: '2002-01-15',
    school: 'Lakeshore State University',
    application: {
      university: 'Lakeshore State University',
      program: 'M.S. Statistics',
      status: 'documents_required',
    },
  },
  {
    // The notification e-mails' journey: a reply to her message, a document sent back.
    journey: 'notifications',
    firstName: 'Amara',
    lastName: 'Obi',
    email: 'amara.obi@e2e.example',
    passportNumber: 'E2E00009',
    dateOfBirth: '2001-10-05',
    school: 'Lakeshore State University',
    application: {
      university: 'Lakeshore State University',
      program: 'M.S. Data Science',
      status: 'documents_required',
    },
  },
  {
    // The account recovery journey: onboarded, then recovered on a new phone.
    journey: 'recovery',
    firstName: 'Kofi',
    lastName: 'Mensah',
    email: 'kofi.mensah@e2e.example',
    passportNumber: 'E2E00010',
    dateOfBirth: '2000-06-21',
    school: 'Lakeshore State University',
    // Brought by the demo agency's agent, who is told of the recovery.
    agentEmail: 'rahul.mehta@brighthorizons.example.com',
  },
];

/** Where the server of a port writes its students' invite codes for the journeys. */
export const onboardingStudentsFile = (port) => join(tmpdir(), `portal-e2e-students-${port}.json`);
