import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast } from '../hooks/use-toast.js';
import { DeferredToaster } from './deferred-toaster.js';

describe('toasts', () => {
  it('show one at a time, in a notifications region reached with F8', async () => {
    render(<DeferredToaster />);
    expect(screen.queryByRole('region')).toBeNull();

    act(() => {
      toast({ title: 'Document uploaded', description: 'passport.pdf is saved.' });
    });
    expect(await screen.findByText('Document uploaded')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeTruthy();

    act(() => {
      toast({ title: 'Message sent' });
    });
    expect(await screen.findByText('Message sent')).toBeTruthy();
    expect(screen.queryByText('Document uploaded')).toBeNull();
  });
});
