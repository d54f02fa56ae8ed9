import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import {
  SAVED_REPLY_ERRORS,
  ZSavedRepliesResponseSchema,
  ZSavedReplySchema,
} from '../../../shared/saved-replies.js';
import type { TStaffRole } from '../../../shared/staff.js';
import { STAFF_ROLE_REFUSED } from '../staff-auth/staff-scope.js';
import { auditLogMark } from '../../test/audit-log-mark.js';
import { dataSnapshot } from '../../test/data-snapshot.js';
import { signInAsEveryRole, type StaffSignedIn } from '../../test/staff-sign-in.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';

describe.each(testDatabaseKinds())('saved replies ($name)', (kind) => {
  let t: TestApp;
  let as: Record<TStaffRole, StaffSignedIn>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    as = await signInAsEveryRole(t.app);
  });
  afterAll(() => t.close());

  const one = (id: number | string) => apiPath(STAFF_API_PATHS.staffSavedReply, { id });
  const create = (role: TStaffRole, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: STAFF_API_PATHS.staffSavedReplies,
      headers: as[role].headers,
      payload: payload as Record<string, unknown>,
    });
  const change = (role: TStaffRole, id: number | string, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: one(id),
      headers: as[role].headers,
      payload: payload as Record<string, unknown>,
    });
  const remove = (role: TStaffRole, id: number | string) =>
    t.app.inject({ method: 'DELETE', url: one(id), headers: as[role].headers });
  const list = async (role: TStaffRole) => {
    const res = await t.app.inject({
      method: 'GET',
      url: STAFF_API_PATHS.staffSavedReplies,
      headers: as[role].headers,
    });
    expect(res.statusCode).toBe(200);
    return ZSavedRepliesResponseSchema.parse(res.json()).items;
  };
  const added = async (title: string, body = `${title}.`) => {
    const res = await create('admin', { title, body });
    expect(res.statusCode, res.body).toBe(201);
    return ZSavedReplySchema.parse(res.json());
  };

  it('an administrator adds, changes and removes one, each audited; every role reads them by title', async () => {
    const mark = await auditLogMark(t.app);
    const documents = await added('  We received your documents ', ' Thank you, we have them. ');
    expect(documents).toMatchObject({
      title: 'We received your documents',
      body: 'Thank you, we have them.',
    });
    const bank = await added('Bank statement needed');
    for (const role of ['admin', 'agent', 'school'] as const) {
      expect((await list(role)).map((r) => r.title)).toEqual([
        'Bank statement needed',
        'We received your documents',
      ]);
    }

    const changed = await change('admin', documents.id, {
      title: 'Documents received',
      body: 'Thank you: your documents are with us.',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id: documents.id, title: 'Documents received' });
    const removed = await remove('admin', bank.id);
    expect(removed.statusCode).toBe(204);
    expect((await list('agent')).map((r) => [r.title, r.body])).toEqual([
      ['Documents received', 'Thank you: your documents are with us.'],
    ]);

    expect((await mark()).map((r) => [r.action, r.staffId, r.studentId, r.details])).toEqual([
      [
        'saved-reply.create',
        as.admin.staff.id,
        null,
        { savedReplyId: documents.id, title: 'We received your documents' },
      ],
      [
        'saved-reply.create',
        as.admin.staff.id,
        null,
        { savedReplyId: bank.id, title: 'Bank statement needed' },
      ],
      [
        'saved-reply.update',
        as.admin.staff.id,
        null,
        { savedReplyId: documents.id, title: 'Documents received' },
      ],
      [
        'saved-reply.delete',
        as.admin.staff.id,
        null,
        { savedReplyId: bank.id, title: 'Bank statement needed' },
      ],
    ]);
  });

  it('refuses agents and school officers every change (403), changing nothing', async () => {
    const kept = await added('Interview booked');
    const before = await dataSnapshot(t.app);
    for (const role of ['agent', 'school'] as const) {
      for (const res of [
        await create(role, { title: 'Mine', body: 'Mine.' }),
        await change(role, kept.id, { title: 'Mine', body: 'Mine.' }),
        await remove(role, kept.id),
      ]) {
        expect(res.statusCode, role).toBe(403);
        expect(res.json()).toEqual({ message: STAFF_ROLE_REFUSED });
      }
    }
    expect(await dataSnapshot(t.app)).toEqual(before);
  });

  it.each([
    ['no title', { title: '  ', body: 'Text' }, 'title: give the saved reply a title'],
    ['no text', { title: 'Empty', body: '' }, 'body: write the text of the saved reply'],
    ['too long a title', { title: 't'.repeat(81), body: 'Text' }, 'title: must be at most 80'],
    ['too long a text', { title: 'Long', body: 'b'.repeat(5001) }, 'body: must be at most 5000'],
    ['an unknown field', { title: 'Extra', body: 'Text', role: 'agent' }, 'role'],
  ])('refuses %s with 400 and says why, storing nothing', async (_name, payload, expected) => {
    const kept = await added(`Kept for ${_name}`);
    const before = await dataSnapshot(t.app);
    for (const res of [await create('admin', payload), await change('admin', kept.id, payload)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(expected);
    }
    expect(await dataSnapshot(t.app)).toEqual(before);
  });

  it('refuses a title another saved reply has, in any case (409), and an unknown id (404)', async () => {
    const first = await added('Visa interview tips');
    const second = await added('Arrival checklist');
    const before = await dataSnapshot(t.app);
    const again = await create('admin', { title: 'VISA interview tips', body: 'Copy' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: SAVED_REPLY_ERRORS.titleTaken });
    const renamed = await change('admin', second.id, { title: 'visa interview tips', body: 'x' });
    expect(renamed.statusCode).toBe(409);
    for (const res of [
      await change('admin', first.id + 10_000, { title: 'Gone', body: 'Gone' }),
      await remove('admin', first.id + 10_000),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: SAVED_REPLY_ERRORS.notFound });
    }
    const badId = await remove('admin', 'abc');
    expect(badId.statusCode).toBe(400);
    expect(await dataSnapshot(t.app)).toEqual(before);
    // Its own title, in another case, is no conflict.
    expect(
      (await change('admin', first.id, { title: 'Visa Interview Tips', body: 'x' })).statusCode,
    ).toBe(200);
  });

  it('stores no saved reply when its audit row cannot be written', async () => {
    const before = await dataSnapshot(t.app);
    await t.app.db.execute(
      sql`alter table audit_events add constraint refuse_saved_replies check (action <> 'saved-reply.create') not valid`,
    );
    try {
      expect((await create('admin', { title: 'Lost', body: 'Lost.' })).statusCode).toBe(500);
    } finally {
      await t.app.db.execute(sql`alter table audit_events drop constraint refuse_saved_replies`);
    }
    expect(await dataSnapshot(t.app)).toEqual(before);
  });
});
