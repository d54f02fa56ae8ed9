import type { Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

/**
 * Arabic for the messages of one e-mail (an I-20 issued, with its footer) and one push (a due
 * date's reminder): a test catalogue, not a reviewed translation, standing in for the day the
 * real one has them. The SEVIS fee's e-mail stays untranslated.
 */
export const ARABIC_TEST_ENTRIES: Readonly<Record<string, string>> = {
  'notification.email.greeting': 'مرحبًا {firstName}،',
  'notification.email.unsubscribe': 'أوقف هذه الرسائل',
  'notification.category.status': 'طلبك ونموذج I-20 ورسوم SEVIS والمقابلة والمستندات',
  'notification.i20-issued.subject': 'نموذج I-20 الخاص بك جاهز',
  'notification.i20-issued.body': 'أصدرت جامعتك نموذج I-20 الخاص بك. نزّله من لوحة التحكم.',
  'notification.action.open-dashboard': 'افتح لوحة التحكم',
  'notification.reminder.subject':
    '{kind, select, overdue {متأخر: {title}} other {تذكير: موعد {title} هو {dueDay}}}',
};

/** A compiled catalogue with the Arabic test entries in it, as `vi.mock` hands it out. */
export const withArabicTestEntries = (messages: Messages): Messages => ({
  ...messages,
  ...Object.fromEntries(
    Object.entries(ARABIC_TEST_ENTRIES).map(([id, text]) => [id, compileMessage(text)]),
  ),
});
