import { describe, expect, it } from 'vitest';
import { answerKeyFor, openAnswer, sealAnswer } from './seal-answer.js';

const PRIYA = 'Bearer eyJhbGciOiJIUzI1NiJ9.priya-session.signature-one';
const LUCAS = 'Bearer eyJhbGciOiJIUzI1NiJ9.lucas-session.signature-two';
const URL_OF_PROFILE = 'https://portal.example/api/profile';
const answer = JSON.stringify({ firstName: 'Priya', nationality: 'India' });

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (buffer: ArrayBuffer | null) => (buffer ? new TextDecoder().decode(buffer) : null);
const buffer = (sealed: Uint8Array<ArrayBuffer>) => sealed.buffer;

describe('sealing a kept answer under its session token', () => {
  it('opens again under the same token, and holds nothing of the answer in clear', async () => {
    const sealed = await sealAnswer(await answerKeyFor(PRIYA), URL_OF_PROFILE, bytes(answer));

    expect(new TextDecoder().decode(sealed)).not.toContain('Priya');
    // A key derived again from the same token, as the worker does on each request.
    const opened = await openAnswer(await answerKeyFor(PRIYA), URL_OF_PROFILE, buffer(sealed));
    expect(text(opened)).toBe(answer);
  });

  it('never seals the same answer to the same bytes', async () => {
    const key = await answerKeyFor(PRIYA);
    const first = await sealAnswer(key, URL_OF_PROFILE, bytes(answer));
    const second = await sealAnswer(key, URL_OF_PROFILE, bytes(answer));
    expect(first).not.toEqual(second);
  });

  it("does not open under another student's token", async () => {
    const sealed = await sealAnswer(await answerKeyFor(PRIYA), URL_OF_PROFILE, bytes(answer));
    expect(await openAnswer(await answerKeyFor(LUCAS), URL_OF_PROFILE, buffer(sealed))).toBeNull();
  });

  it('does not open under another URL, altered, or cut short', async () => {
    const key = await answerKeyFor(PRIYA);
    const sealed = await sealAnswer(key, URL_OF_PROFILE, bytes(answer));

    expect(await openAnswer(key, 'https://portal.example/api/messages', buffer(sealed))).toBeNull();
    const altered = sealed.slice();
    altered[altered.length - 1] = (altered.at(-1) ?? 0) ^ 1;
    expect(await openAnswer(key, URL_OF_PROFILE, buffer(altered))).toBeNull();
    expect(await openAnswer(key, URL_OF_PROFILE, buffer(sealed.slice(0, 12)))).toBeNull();
  });

  it('keeps its key inside WebCrypto: it cannot be exported to storage', async () => {
    const key = await answerKeyFor(PRIYA);
    expect(key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });
});
