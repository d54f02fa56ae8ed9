import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VERIFICATION_SESSION_MESSAGES } from '../../../../shared/identity-verification.js';
import {
  isSimulatedSessionUrl,
  openInContextFlow,
  VerificationFlowError,
} from './provider-flow.js';

// Veriff's InContext SDK stands for Veriff's hosted flow.
const sdk = vi.hoisted(() => ({ createVeriffFrame: vi.fn() }));
vi.mock('@veriff/incontext-sdk', () => ({
  MESSAGES: {
    STARTED: 'STARTED',
    SUBMITTED: 'SUBMITTED',
    FINISHED: 'FINISHED',
    CANCELED: 'CANCELED',
    RELOAD_REQUEST: 'RELOAD',
  },
  createVeriffFrame: sdk.createVeriffFrame,
}));

const handlers = () => ({
  onStarted: vi.fn(),
  onSubmitted: vi.fn(),
  onFinished: vi.fn(),
  onCanceled: vi.fn(),
  onReloadRequest: vi.fn(),
});

describe('isSimulatedSessionUrl', () => {
  const origin = 'https://portal.example.edu';

  it('is true for a page of our own origin, false for Veriff or anything unreadable', () => {
    expect(isSimulatedSessionUrl(`${origin}/api/veriff/simulated/abc`, origin)).toBe(true);
    expect(isSimulatedSessionUrl('https://alchemy.veriff.com/v/abc', origin)).toBe(false);
    expect(isSimulatedSessionUrl('https://portal.example.edu.evil.test/x', origin)).toBe(false);
    expect(isSimulatedSessionUrl('http://portal.example.edu/x', origin)).toBe(false);
    expect(isSimulatedSessionUrl('/api/veriff/simulated/abc', origin)).toBe(false);
    expect(isSimulatedSessionUrl('not a url', origin)).toBe(false);
  });

  it("compares with this page's origin by default", () => {
    expect(isSimulatedSessionUrl(`${window.location.origin}/api/veriff/simulated/abc`)).toBe(true);
  });
});

describe('openInContextFlow', () => {
  beforeEach(() => {
    sdk.createVeriffFrame.mockReset();
  });

  it('opens the modal flow with the session URL and passes on each event', async () => {
    const close = vi.fn();
    sdk.createVeriffFrame.mockReturnValue({ close });
    const on = handlers();

    const frame = await openInContextFlow('https://alchemy.veriff.com/v/abc', on);

    expect(sdk.createVeriffFrame).toHaveBeenCalledWith({
      url: 'https://alchemy.veriff.com/v/abc',
      onEvent: expect.any(Function) as unknown,
    });
    const [{ onEvent }] = sdk.createVeriffFrame.mock.calls[0] as [{ onEvent: (m: string) => void }];
    for (const message of ['STARTED', 'SUBMITTED', 'FINISHED', 'CANCELED', 'RELOAD']) {
      onEvent(message);
    }
    expect(on.onStarted).toHaveBeenCalledTimes(1);
    expect(on.onSubmitted).toHaveBeenCalledTimes(1);
    expect(on.onFinished).toHaveBeenCalledTimes(1);
    expect(on.onCanceled).toHaveBeenCalledTimes(1);
    expect(on.onReloadRequest).toHaveBeenCalledTimes(1);
    frame.close();
    expect(close).toHaveBeenCalledTimes(1);
  });

  it("fails with 'Failed to start verification' when the SDK throws", async () => {
    sdk.createVeriffFrame.mockImplementation(() => {
      throw new Error('URL is not provided.');
    });

    const opening = openInContextFlow('https://alchemy.veriff.com/v/abc', handlers());

    await expect(opening).rejects.toBeInstanceOf(VerificationFlowError);
    await expect(opening).rejects.toThrow(VERIFICATION_SESSION_MESSAGES.startFailed);
  });

  describe('without a <body> to mount on', () => {
    const body = document.body;
    afterEach(() => {
      document.documentElement.appendChild(body);
    });

    it("fails with 'Container element not found' and opens nothing", async () => {
      body.remove();

      await expect(
        openInContextFlow('https://alchemy.veriff.com/v/abc', handlers()),
      ).rejects.toThrow(VERIFICATION_SESSION_MESSAGES.containerNotFound);
      expect(sdk.createVeriffFrame).not.toHaveBeenCalled();
    });
  });
});
