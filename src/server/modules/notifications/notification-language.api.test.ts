import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications, students } from '../../db/schema.js';
import { ARABIC_TEST_ENTRIES } from '../../test/arabic-test-catalogue.js';
import { seededStudentId } from '../../test/seeded-students.js';
import { type SmtpReceiver, startSmtpReceiver } from '../../test/smtp-receiver.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { deliverNotifications, deliveryDepsOf } from './deliver-notification.js';
import { smtpSender } from './mail-sender.js';
import { UNSUBSCRIBE_PAGE_PATH, unsubscribeToken } from './unsubscribe-link.js';

// The Arabic catalogue as it will be once translated, for a few messages (the test catalogue).
vi.mock('../../../shared/locales/ar/notifications.js', async (importOriginal) => {
  const { withArabicTestEntries } = await import('../../test/arabic-test-catalogue.js');
  const { messages } = await importOriginal<{ messages: Record<string, never> }>();
  return { messages: withArabicTestEntries(messages) };
});

describe.each(testDatabaseKinds())("e-mails in the student's language on $name", (kind) => {
  let t: TestApp;
  let smtp: SmtpReceiver;
  let priyaId: string;

  /** Writes and delivers one e-mail of `template` to Priya; the mail as it arrived. */
  const mailPriya = async (template: string) => {
    const [row] = await t.app.db
      .insert(notifications)
      .values({ channel: 'email', category: 'status', template, studentId: priyaId, params: {} })
      .returning({ id: notifications.id });
    const before = smtp.count();
    const sender = smtpSender(smtp.url, 'Portal <no-reply@localhost>');
    await deliverNotifications(deliveryDepsOf(t.app, sender), [row?.id ?? '']);
    sender.close();
    expect(smtp.count()).toBe(before + 1);
    return smtp.received.at(-1)?.parsed;
  };

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await startTestApp(kind);
    priyaId = await seededStudentId(t.app, 'Priya');
    await t.app.db.update(students).set({ language: 'ar' }).where(eq(students.id, priyaId));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('writes to a student who reads Arabic in Arabic, right to left, where the catalogue has the texts', async () => {
    const mail = await mailPriya('i20.issued');
    expect(mail?.subject).toBe(ARABIC_TEST_ENTRIES['notification.i20-issued.subject']);
    expect(mail?.text).toContain('مرحبًا Priya،');
    expect(mail?.html).toContain('<html lang="ar" dir="rtl">');
  });

  it('writes to her in English, left to right, where it does not have them yet', async () => {
    const mail = await mailPriya('sevis.paid');
    expect(mail?.subject).toBe('Your SEVIS fee is marked paid');
    expect(mail?.text).toContain('Hello Priya,');
    expect(mail?.html).toContain('<html lang="en" dir="ltr">');
  });

  it('shows her the unsubscribe page in English while its texts are not translated', async () => {
    const token = unsubscribeToken(t.app.dataKeys.linkKey, {
      recipient: { studentId: priyaId },
      category: 'messages',
    });
    const page = await t.app.inject({
      method: 'GET',
      url: `${UNSUBSCRIBE_PAGE_PATH}?token=${encodeURIComponent(token)}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="en" dir="ltr">');
    expect(page.body).toContain(
      'You will no longer get e-mails about: Messages from your school and advisers.',
    );
  });
});
