import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_BRANDING } from '../../../shared/branding.js';
import type { TLanguage } from '../../../shared/languages.js';
import { ARABIC_TEST_ENTRIES } from '../../test/arabic-test-catalogue.js';
import { renderPush } from './push-payload.js';
import { renderEmail } from './render-email.js';

// The Arabic catalogue as it will be once translated, for a few messages (the test catalogue).
vi.mock('../../../shared/locales/ar/notifications.js', async (importOriginal) => {
  const { withArabicTestEntries } = await import('../../test/arabic-test-catalogue.js');
  const { messages } = await importOriginal<{ messages: Record<string, never> }>();
  return { messages: withArabicTestEntries(messages) };
});

const site = { publicOrigin: 'https://portal.example.edu', branding: DEFAULT_BRANDING };
const unsubscribeUrl = 'https://portal.example.edu/unsubscribe?token=t';
const emailTo = (language: TLanguage, template: string) =>
  renderEmail({ template, params: {} }, { firstName: 'Amira', language, unsubscribeUrl }, site);

describe("a notification in the student's language", () => {
  it('is written in English for an English reader, left to right', () => {
    const email = emailTo('en', 'i20.issued');
    expect(email.subject).toBe('Your I-20 is ready');
    expect(email.text).toContain('Hello Amira,');
    expect(email.text).toContain('Open your dashboard: https://portal.example.edu/dashboard');
    expect(email.html).toContain('<html lang="en" dir="ltr">');
  });

  it('is written in Arabic, right to left, once its catalogue has every text of the e-mail', () => {
    const email = emailTo('ar', 'i20.issued');
    expect(email.subject).toBe(ARABIC_TEST_ENTRIES['notification.i20-issued.subject']);
    expect(email.text.split('\n')).toEqual([
      'مرحبًا Amira،',
      '',
      ARABIC_TEST_ENTRIES['notification.i20-issued.body'],
      '',
      'افتح لوحة التحكم: https://portal.example.edu/dashboard',
      '',
      DEFAULT_BRANDING.productName,
      '',
      `أوقف هذه الرسائل (${ARABIC_TEST_ENTRIES['notification.category.status'] ?? ''}): ${unsubscribeUrl}`,
    ]);
    expect(email.html).toContain('<html lang="ar" dir="rtl">');
    expect(email.html).toContain('>افتح لوحة التحكم</a>');
    expect(renderPush({ template: 'i20.issued', params: {} }, 'ar').title).toBe(email.subject);
  });

  it('is written wholly in English, left to right, while a text of it is not translated', () => {
    // The greeting and the footer are in Arabic, the SEVIS fee's own texts not yet.
    const email = emailTo('ar', 'sevis.paid');
    expect(email.subject).toBe('Your SEVIS fee is marked paid');
    expect(email.text).toContain('Hello Amira,');
    expect(email.text).toContain(
      `Turn off these e-mails (Your application, I-20, SEVIS fee, interview and documents): ${unsubscribeUrl}`,
    );
    expect(email.html).toContain('<html lang="en" dir="ltr">');
    expect(renderPush({ template: 'sevis.paid', params: {} }, 'ar').title).toBe(email.subject);
  });

  it('is in English for every language not translated yet', () => {
    for (const language of ['zh-Hans', 'hi', 'vi', 'es'] as const) {
      const email = emailTo(language, 'i20.issued');
      expect(email.subject).toBe('Your I-20 is ready');
      expect(email.html).toContain('<html lang="en" dir="ltr">');
    }
  });

  it("names a due day in the push's language", () => {
    const reminder = {
      template: 'reminder.due',
      params: { kind: '2-days', title: 'I-20', dueDate: '2026-07-03' },
    };
    const arabicDay = new Intl.DateTimeFormat('ar', { dateStyle: 'full', timeZone: 'UTC' }).format(
      Date.UTC(2026, 6, 3),
    );
    expect(renderPush(reminder, 'ar').title).toBe(`تذكير: موعد I-20 هو ${arabicDay}`);
    expect(renderPush(reminder, 'en').title).toBe('Reminder: I-20 is due Friday, July 3, 2026');
    expect(renderPush(reminder, 'vi').title).toBe('Reminder: I-20 is due Friday, July 3, 2026');
  });
});
