import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { listenForInstallPrompt } from '../utils/install-prompt.js';
import { PwaOverlays } from './pwa-overlays.js';

const BANNER_TITLE = 'Install F-1 Student Portal for quick access';
const OFFLINE_TEXT = "You're offline. Some features may not be available.";

function offerInstallPrompt(choice: Promise<{ outcome: 'accepted' | 'dismissed' }>) {
  const prompt = vi.fn(async () => {});
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: choice,
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return { prompt, event };
}

function stubStandalone(standalone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: standalone && query === '(display-mode: standalone)',
  }));
}

const banner = () => screen.queryByRole('region', { name: BANNER_TITLE });
const installAppButton = () => screen.queryByRole('button', { name: 'Install App' });

beforeAll(() => {
  listenForInstallPrompt();
});

beforeEach(() => {
  vi.useFakeTimers();
  stubStandalone(false);
});

afterEach(() => {
  // Spend any prompt a test left on offer, so the next one starts without.
  act(() => {
    window.dispatchEvent(new Event('appinstalled'));
    vi.runOnlyPendingTimers();
  });
  vi.useRealTimers();
  document.documentElement.classList.remove('offline');
});

describe('the install banner and the Install App button', () => {
  it('appear 100 ms after the browser offers installation, and hold back the mini-infobar', () => {
    render(<PwaOverlays />);
    expect(banner()).toBeNull();
    expect(installAppButton()).toBeNull();

    const { event } = offerInstallPrompt(new Promise(() => {}));
    expect(event.defaultPrevented).toBe(true);
    act(() => {
      vi.advanceTimersByTime(99);
    });
    expect(banner()).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });

    expect(banner()).not.toBeNull();
    expect(screen.getByText('Get faster access and work offline')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Install' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Dismiss' })).toBeTruthy();
    expect(installAppButton()).not.toBeNull();
  });

  it('stay away while the portal already runs as an installed app, re-checked every second', () => {
    stubStandalone(true);
    render(<PwaOverlays />);
    offerInstallPrompt(new Promise(() => {}));
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(banner()).toBeNull();
    expect(installAppButton()).toBeNull();

    // Opened in a tab again: the next second's check shows them.
    stubStandalone(false);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(banner()).not.toBeNull();
  });

  it('dismissed, the banner stays away for the session while the button stays', () => {
    const { unmount } = render(<PwaOverlays />);
    offerInstallPrompt(new Promise(() => {}));
    act(() => {
      vi.advanceTimersByTime(100);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));

    expect(banner()).toBeNull();
    expect(installAppButton()).not.toBeNull();
    expect(sessionStorage.getItem('pwa-banner-dismissed')).toBe('true');

    unmount();
    render(<PwaOverlays />);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(banner()).toBeNull();
    expect(installAppButton()).not.toBeNull();
  });

  it('Install shows the browser prompt once; accepted, both are removed', async () => {
    render(<PwaOverlays />);
    const { prompt } = offerInstallPrompt(Promise.resolve({ outcome: 'accepted' }));
    act(() => {
      vi.advanceTimersByTime(100);
    });

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Install' }));
      await vi.runOnlyPendingTimersAsync();
    });

    expect(prompt).toHaveBeenCalledTimes(1);
    expect(banner()).toBeNull();
    expect(installAppButton()).toBeNull();
  });

  it('a prompt that fails is logged and counts as not accepted', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<PwaOverlays />);
    const failure = new Error('The prompt() method must be called with a user gesture');
    offerInstallPrompt(Promise.reject(failure));
    act(() => {
      vi.advanceTimersByTime(100);
    });

    await act(async () => {
      fireEvent.click(installAppButton() ?? document.body);
      await vi.runOnlyPendingTimersAsync();
    });

    expect(logged).toHaveBeenCalledWith('Install prompt failed:', failure);
    // The browser allows one prompt per offer: nothing to press until it offers again.
    expect(installAppButton()).toBeNull();
  });

  it('go when the browser reports the app installed', () => {
    render(<PwaOverlays />);
    offerInstallPrompt(new Promise(() => {}));
    act(() => {
      vi.advanceTimersByTime(100);
    });
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
      vi.advanceTimersByTime(0);
    });
    expect(banner()).toBeNull();
    expect(installAppButton()).toBeNull();
  });
});

describe('the offline bar', () => {
  it('shows with the offline style while offline and goes when back online', () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<PwaOverlays />);
    expect(screen.queryByText(OFFLINE_TEXT)).toBeNull();

    online.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByRole('status').textContent).toBe(OFFLINE_TEXT);
    expect(document.documentElement.classList.contains('offline')).toBe(true);

    online.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByText(OFFLINE_TEXT)).toBeNull();
    expect(document.documentElement.classList.contains('offline')).toBe(false);
  });
});
