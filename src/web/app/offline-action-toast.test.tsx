import { useMutation } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../hooks/use-toast.js';
import { OFFLINE_ACTION_MESSAGE } from '../lib/offline-action-message.js';
import { createQueryClient } from '../lib/query-client.js';
import { renderWithPageContext } from '../test/render-app.js';
import { DeferredToaster } from './deferred-toaster.js';
import { toastActionsFailingOffline } from './offline-action-toast.js';

function runFailingAction() {
  const client = createQueryClient();
  toastActionsFailingOffline(client);
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

  it("is said on any page under the app's query layer", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    function SendButton() {
      const send = useMutation({
        mutationFn: () => Promise.reject(new TypeError('Failed to fetch')),
      });
      return (
        <button type="button" onClick={() => void send.mutateAsync().catch(() => undefined)}>
          Send
        </button>
      );
    }
    renderWithPageContext(<SendButton />);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText("You're offline")).toBeTruthy();
  });
});
