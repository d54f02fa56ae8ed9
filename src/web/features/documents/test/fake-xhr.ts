import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * A fake of the browser's XMLHttpRequest, the boundary an upload crosses (fetch reports no
 * upload progress, so uploads use XHR). The test reads what was sent, then plays the bytes
 * going out and the server's answer by hand.
 */
export class FakeXhr {
  method = '';
  url = '';
  headers = new Headers();
  withCredentials = false;
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();

  constructor(private readonly sent: FakeXhr[]) {}

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers.set(name, value);
  }

  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }

  send(body: FormData) {
    this.body = body;
    this.sent.push(this);
  }

  /** `loaded` of `total` bytes have left the device. */
  progress(loaded: number, total: number) {
    act(() => {
      this.upload.dispatchEvent(
        new ProgressEvent('progress', { lengthComputable: true, loaded, total }),
      );
    });
  }

  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    act(() => {
      this.events.dispatchEvent(new Event('load'));
    });
  }

  /** The connection dropped: no status, no answer. */
  fail() {
    act(() => {
      this.events.dispatchEvent(new Event('error'));
    });
  }
}

export function installFakeXhr() {
  const sent: FakeXhr[] = [];
  vi.stubGlobal(
    'XMLHttpRequest',
    class extends FakeXhr {
      constructor() {
        super(sent);
      }
    },
  );
  return {
    sent,
    /** The upload in flight: the last one sent. */
    current: () => {
      const xhr = sent.at(-1);
      if (!xhr) throw new Error('No upload was sent.');
      return xhr;
    },
  };
}
