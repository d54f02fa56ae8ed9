import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeferredToaster } from '../app/deferred-toaster.js';
import { toast } from '../hooks/use-toast.js';
import { OFFLINE_ACTION_MESSAGE } from './offline-action-message.js';
import { createQueryClient } from './query-client.js';

function runFailingAction() {
  const client = createQueryClient();
  const mutation = client.getMutationCache().build(client, {
    mutationFn: () => Promise.reject(new TypeError('Failed to fetch')),
  });
  return act(() => mutation.execute(undefined).catch(() => undefined));
}

describe('an action that fails', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('says it needs a connection when the device is offline, instead of waiting silently', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<DeferredToaster />);

    await runFailingAction();

    expect(await screen.findByText("You're offline")).toBeTruthy();
    expect(screen.getByText(OFFLINE_ACTION_MESSAGE)).toBeTruthy();
  });

  it('leaves its own message to the page when the device is online', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<DeferredToaster />);
    // One toast shows at a time: a toast from the failure would replace this one.
    act(() => {
      toast({ title: 'Message sent' });
    });

    await runFailingAction();

    expect(await screen.findByText('Message sent')).toBeTruthy();
    expect(screen.queryByText("You're offline")).toBeNull();
  });
});
