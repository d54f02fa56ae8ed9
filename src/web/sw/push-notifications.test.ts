import { describe, expect, it } from 'vitest';
import { portalPath, readPushNotice } from './push-notifications.js';

const ORIGIN = 'https://portal.example.com';
const data = (value: unknown) => ({ json: () => value });

describe("the service worker's push", () => {
  it('shows the title and keeps the path of the portal it was sent', () => {
    expect(
      readPushNotice(data({ title: 'Your I-20 is ready', path: '/dashboard' }), ORIGIN),
    ).toEqual({ title: 'Your I-20 is ready', path: '/dashboard' });
  });

  it.each([
    ['another site', 'https://evil.example.com/'],
    ['a protocol-relative address', '//evil.example.com/x'],
    ['a script', 'javascript:alert(1)'],
    ['no path', undefined],
  ])('opens only paths of the portal, never %s', (_what, path) => {
    expect(portalPath(path, ORIGIN)).toBeNull();
    expect(readPushNotice(data({ title: 'Hello', path }), ORIGIN)).toBeNull();
  });

  it('ignores a push that is not the server’s JSON', () => {
    expect(readPushNotice(null, ORIGIN)).toBeNull();
    expect(
      readPushNotice(
        {
          json: () => {
            throw new SyntaxError('not JSON');
          },
        },
        ORIGIN,
      ),
    ).toBeNull();
    expect(readPushNotice(data({ title: '', path: '/' }), ORIGIN)).toBeNull();
  });
});
