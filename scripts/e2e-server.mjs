// The server the end-to-end journeys run against: the production build on a fresh embedded
// database with demo data, exactly what `npm start` serves on a fresh clone, plus onboarding
// students of the journeys' own (e2e/support/onboarding-students.ts), so no journey changes a
// student another one uses.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ONBOARDING_STUDENTS,
  onboardingStudentsFile,
} from '../e2e/support/onboarding-students-file.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  // No scheduled wait-time refresh: the journeys see the seeded figures, not a live page.
  VISA_WAIT_TIMES_REFRESH_HOURS: '0',
  // Every journey's browser comes from this one address, and a journey's extra contexts keep
  // their connections open until its worker ends: the per-client limit of a real deployment (64)
  // would reset the later journeys' connections.
  CONNECTIONS_PER_CLIENT: '1000',
};

/** Starts the server; resolves once it listens. */
function startServer(settings) {
  const child = spawn('node', ['dist/server/main.js'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: settings,
  });
  return new Promise((resolve, reject) => {
    let printed = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      printed += chunk;
      if (printed.includes('Student portal:')) resolve(child);
    });
    child.on('exit', (code) =>
      reject(new Error(`the server stopped (${code}) before it listened`)),
    );
  });
}

/**
 * The journeys' onboarding students, added with the admin command line as a consultancy adds
 * students: the embedded database is one process's at a time, so on the migrated and seeded
 * database of a first start, stopped, before the server that the journeys use starts.
 */
async function addOnboardingStudents() {
  const first = await startServer({ ...env, PORT: '0' });
  await new Promise((resolve) => {
    first.removeAllListeners('exit');
    first.on('exit', resolve);
    first.kill('SIGTERM');
  });
  const students = join(dataDir, 'e2e-students.csv');
  const codes = join(dataDir, 'e2e-codes.csv');
  writeFileSync(
    students,
    [
      'first_name,last_name,email,passport_number,date_of_birth,school,agent_email',
      ...ONBOARDING_STUDENTS.map(
        (s) =>
          `${s.firstName},${s.lastName},${s.email},${s.passportNumber},${s.dateOfBirth},${s.school},${s.agentEmail ?? ''}`,
      ),
    ].join('\n'),
  );
  const applications = join(dataDir, 'e2e-applications.csv');
  writeFileSync(
    applications,
    [
      'student_email,university,program,status,submitted_at',
      ...ONBOARDING_STUDENTS.flatMap(({ email, application: a }) =>
        a ? [`${email},${a.university},${a.program},${a.status},2026-09-01`] : [],
      ),
    ].join('\n'),
  );
  execFileSync(
    'node',
    [
      'dist/server/admin/main.js',
      'import-students',
      students,
      '--applications',
      applications,
      '--codes-out',
      codes,
    ],
    {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const codeOf = new Map(
    readFileSync(codes, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => {
        const [email, , , code] = line.split(',');
        return [email, code];
      }),
  );
  const withCodes = ONBOARDING_STUDENTS.map((s) => ({ ...s, inviteCode: codeOf.get(s.email) }));
  writeFileSync(onboardingStudentsFile(env.PORT), JSON.stringify(withCodes, null, 2));
}

await addOnboardingStudents();
const child = await startServer(env);
child.removeAllListeners('exit');
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
