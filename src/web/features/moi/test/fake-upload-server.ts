import { vi } from 'vitest';

/** One answer's upload as the server received it. */
export interface ReceivedUpload {
  url: string;
  headers: Headers;
  file: File;
}

/** What the faked server answers to an upload: a status and body, or a dropped connection. */
export type UploadAnswer = { status: number; body: unknown } | 'network-error';

/**
 * The server's side of the answer uploads, which go through XMLHttpRequest (fetch reports no
 * upload progress). Each upload is answered by `answer`, a moment after it is sent, with half of
 * its bytes reported sent first, as a slow network would.
 */
export function installFakeUploadServer(answer: (upload: ReceivedUpload) => UploadAnswer) {
  const received: ReceivedUpload[] = [];

  class FakeXhr {
    readonly upload = new EventTarget();
    private readonly events = new EventTarget();
    private readonly headers = new Headers();
    private url = '';
    status = 0;
    statusText = '';
    responseText = '';
    withCredentials = false;

    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers.set(name, value);
    }
    addEventListener(type: string, listener: EventListener) {
      this.events.addEventListener(type, listener);
    }
    abort() {
      this.events.dispatchEvent(new Event('abort'));
    }
    send(body: FormData) {
      const file = body.get('video');
      if (!(file instanceof File)) throw new Error('The upload has no `video` file.');
      const upload = { url: this.url, headers: this.headers, file };
      received.push(upload);
      setTimeout(() => {
        this.upload.dispatchEvent(
          new ProgressEvent('progress', { lengthComputable: true, loaded: 1, total: 2 }),
        );
        const reply = answer(upload);
        if (reply === 'network-error') {
          this.events.dispatchEvent(new Event('error'));
          return;
        }
        this.status = reply.status;
        this.responseText = JSON.stringify(reply.body);
        this.events.dispatchEvent(new Event('load'));
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { received };
}
