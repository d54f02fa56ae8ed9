import { describe, expect, it } from 'vitest';
import { previewMessage } from './message-preview.js';

describe('previewMessage', () => {
  it('shows a short one-line message whole', () => {
    expect(previewMessage('  Thank you, received.  ')).toEqual({
      text: 'Thank you, received.',
      isWhole: true,
    });
  });

  it('cuts a long message at the last word that fits, with an ellipsis', () => {
    const content = 'Please upload a bank statement from the last three months showing funds.';
    expect(previewMessage(content, 30)).toEqual({
      text: 'Please upload a bank statement…',
      isWhole: false,
    });
  });

  it('cuts a word longer than half the preview where it stands', () => {
    expect(previewMessage(`See https://${'x'.repeat(40)}`, 20)).toEqual({
      text: 'See https://xxxxxxxx…',
      isWhole: false,
    });
  });

  it('puts several lines on one, and then has more to show when expanded', () => {
    expect(previewMessage('Dear Priya,\n\nYour I-20 is ready.')).toEqual({
      text: 'Dear Priya, Your I-20 is ready.',
      isWhole: false,
    });
  });
});
