import { describe, expect, it } from 'vitest';
import { telHref, whatsappHref } from './contact-links.js';

describe('contact links', () => {
  it('dials the digits and the leading +', () => {
    expect(telHref('+1 (312) 555-0142')).toBe('tel:+13125550142');
    expect(telHref('022 5550 1234')).toBe('tel:02255501234');
  });

  it('opens a WhatsApp chat by the international number, digits only', () => {
    expect(whatsappHref('+1 312 555 0143')).toBe('https://wa.me/13125550143');
  });
});
