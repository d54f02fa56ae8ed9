import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../db/schema.js';
import { newAuthenticator } from '../test/passkey-students.js';
import { databaseDigest, runAdminCommand } from '../test/run-admin-command.js';
import { enrolWith, tokenOf } from '../test/staff-accounts.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-databases.js';

const LINK =
  /Enrolment link \(shown this once\): (http:\/\/localhost:5000\/staff\/enrol#token=\S+)/;

describe.each(testDatabaseKinds())('admin create-staff on $name', (kind) => {
  let t: TestApp;
  const admin = (...argv: string[]) => runAdminCommand(t.app, argv);
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('creates the first administrator, prints the enrolment link once, audited as the command line', async () => {
    const run = await admin(
      'create-staff',
      '--name',
      'Ines Moreau',
      '--email',
      'ines@consultancy.example',
      '--role',
      'admin',
    );
    expect(run).toMatchObject({ code: 0, err: '' });
    expect(run.out).toMatch(
      /^Created Ines Moreau <ines@consultancy\.example> \([0-9a-f-]{36}\), admin\.$/m,
    );
    expect(run.out).toMatch(/It can be used once, until \d{4}-\d{2}-\d{2}T/);
    const url = LINK.exec(run.out)?.[1] ?? '';

    const [audit] = await t.app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'staff.create'))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(audit).toMatchObject({
      actor: 'command-line',
      staffId: null,
      address: null,
      details: { name: 'Ines Moreau', role: 'admin' },
    });
    expect(JSON.stringify(audit)).not.toContain(tokenOf(url));

    // The link enrols the new administrator's passkey, and signs them in.
    const enrolled = await enrolWith(t.app, newAuthenticator(), tokenOf(url));
    expect(enrolled.res.statusCode).toBe(200);
    expect(enrolled.res.json()).toMatchObject({ staff: { name: 'Ines Moreau', role: 'admin' } });
  });

  it('creates an agent of an agency', async () => {
    const run = await admin(
      'create-staff',
      '--name',
      'Kofi Mensah',
      '--email',
      'kofi@agency.example',
      '--role',
      'agent',
      '--agency',
      '1',
    );
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/agent of .+\.$/m);
  });

  it('refuses a taken e-mail, an unknown agency or a role without its organisation, and writes nothing', async () => {
    const before = await databaseDigest(t.app);
    for (const [argv, message] of [
      [['--email', 'GRACE.LIU@demo.staff-portal.test', '--role', 'admin'], 'already exists'],
      [
        ['--email', 'new@agency.example', '--role', 'agent', '--agency', '99999'],
        'No agency with this id.',
      ],
      [
        ['--email', 'new@school.example', '--role', 'school'],
        "Choose the school officer's school.",
      ],
    ] as const) {
      const run = await admin('create-staff', '--name', 'Someone', ...argv);
      expect(run.code).toBe(1);
      expect(run.err).toContain(message);
      expect(run.out).toBe('');
    }
    expect(await databaseDigest(t.app)).toEqual(before);
  });

  it('refuses a command line without what it needs with exit code 2', async () => {
    for (const [argv, message] of [
      [['--email', 'a@example.com', '--role', 'admin'], '--name'],
      [
        ['--name', 'A', '--email', 'not-an-email', '--role', 'admin'],
        '--email: Enter a valid e-mail address.',
      ],
      [
        ['--name', 'A', '--email', 'a@example.com', '--role', 'owner'],
        '--role must be one of admin, agent, school',
      ],
      [
        ['--name', 'A', '--email', 'a@example.com', '--role', 'agent', '--agency', 'one'],
        '--agency must be a whole number',
      ],
    ] as const) {
      const run = await admin('create-staff', ...argv);
      expect(run.code).toBe(2);
      expect(run.err).toContain(message);
    }
  });
});
