import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-databases.js';
import { students } from './schema.js';

/** A write of one value into a column of a closed vocabulary, and the CHECK that holds it. */
interface VocabularyColumn {
  constraint: string;
  inVocabulary: string;
  write: (studentId: string, value: string) => SQL;
}

const columns: VocabularyColumn[] = [
  {
    constraint: 'students_moi_status',
    inVocabulary: 'Pending',
    write: (id, value) => sql`update students set moi_status = ${value} where id = ${id}`,
  },
  {
    constraint: 'students_stage',
    inVocabulary: 'sevis_paid',
    write: (id, value) => sql`update students set stage = ${value} where id = ${id}`,
  },
  {
    constraint: 'students_verification_result',
    inVocabulary: 'declined_fraud',
    write: (id, value) => sql`update students set verification_result = ${value} where id = ${id}`,
  },
  {
    constraint: 'identity_sessions_result_code',
    inVocabulary: 'verification_failed',
    write: (id, value) => sql`insert into identity_verification_sessions
      (student_id, provider, provider_session_id, result_code)
      values (${id}, 'simulated', gen_random_uuid()::text, ${value})`,
  },
  {
    constraint: 'credential_audit_action',
    inVocabulary: 'revoked',
    write: (id, value) => sql`insert into credential_audit_log (student_id, credential_id, action)
      values (${id}, 'credential', ${value})`,
  },
  {
    constraint: 'credential_audit_proof',
    inVocabulary: 'recovery',
    write: (id, value) => sql`insert into credential_audit_log
      (student_id, credential_id, action, proof) values (${id}, 'credential', 'revoked', ${value})`,
  },
  {
    constraint: 'webauthn_challenges_purpose',
    inVocabulary: 'confirmation',
    write: (id, value) => sql`insert into webauthn_challenges
      (challenge, purpose, student_id, expires_at)
      values (gen_random_uuid()::text, ${value}, ${id}, now())`,
  },
  {
    constraint: 'moi_sessions_status',
    inVocabulary: 'submitted',
    write: (id, value) =>
      sql`insert into moi_sessions (student_id, status) values (${id}, ${value})`,
  },
  {
    constraint: 'moi_sessions_review_result',
    inVocabulary: 'passed',
    write: (id, value) => sql`insert into moi_sessions (student_id, status, review_result)
      values (${id}, 'submitted', ${value})`,
  },
];

describe.each(testDatabaseKinds())('status vocabularies on $name', (kind) => {
  let t: TestApp;
  let studentId: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    const [student] = await t.app.db.select({ id: students.id }).from(students).limit(1);
    studentId = student?.id ?? '';
  });
  afterAll(() => t.close());

  /**
   * The error a write fails with, its cause included, as text; '' when it succeeds. The write is
   * rolled back either way: the test is of what the database takes, not of the student it names.
   */
  const failureOf = async (query: SQL) => {
    const taken = new Error('taken, and rolled back');
    try {
      await t.app.db.transaction(async (tx) => {
        await tx.execute(query);
        throw taken;
      });
      return '';
    } catch (error) {
      if (error === taken) return '';
      return `${String(error)} ${String((error as { cause?: unknown }).cause)}`;
    }
  };

  it.each(columns)(
    'the database takes $inVocabulary and refuses a value outside the vocabulary ($constraint)',
    async ({ constraint, inVocabulary, write }) => {
      expect(await failureOf(write(studentId, inVocabulary))).toBe('');
      expect(await failureOf(write(studentId, 'not-in-the-vocabulary'))).toContain(constraint);
    },
  );
});
