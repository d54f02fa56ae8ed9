import { describe, expect, it } from 'vitest';
import { createWaitTimeStore } from './wait-time-store.js';

const abuja = { post: 'Abuja', country: 'Nigeria', studentVisaWaitTime: '4.5 Months' };
const accra = { post: 'Accra', country: 'Ghana', studentVisaWaitTime: '< 0.5 Month' };

describe('createWaitTimeStore', () => {
  it('serves the records in the spec’s order as JSON bytes, with only the contract’s fields', () => {
    const store = createWaitTimeStore();
    store.replace([{ ...abuja, countryCode: 'NG' } as typeof abuja, accra]);
    const { body, count } = store.current();
    expect(count).toBe(2);
    expect(JSON.parse(body.toString('utf8'))).toEqual([accra, abuja]);
  });

  it('gives equal lists equal strong ETags, whatever their order, and a changed list a new one', () => {
    const a = createWaitTimeStore().replace([abuja, accra]);
    const b = createWaitTimeStore().replace([accra, abuja]);
    const changed = createWaitTimeStore().replace([
      { ...abuja, studentVisaWaitTime: '5 Months' },
      accra,
    ]);
    expect(a.etag).toMatch(/^"[\w-]{43}"$/);
    expect(b.etag).toBe(a.etag);
    expect(changed.etag).not.toBe(a.etag);
  });

  it('starts empty', () => {
    expect(createWaitTimeStore().current().body.toString()).toBe('[]');
  });
});
