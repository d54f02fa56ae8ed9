import { fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Slot } from './slot.js';

describe('Slot', () => {
  it('draws its child with both class names, both describedby ids and the child’s own props', () => {
    render(
      <Slot className="look" aria-describedby="hint" title="slot" data-slot="button">
        <a href="/signup" className="own" aria-describedby="error" title="child">
          Sign up
        </a>
      </Slot>,
    );
    const link = screen.getByRole('link', { name: 'Sign up' });
    expect(link.getAttribute('href')).toBe('/signup');
    expect(link.className).toBe('look own');
    expect(link.getAttribute('aria-describedby')).toBe('hint error');
    expect(link.title).toBe('child');
    expect(link.dataset.slot).toBe('button');
  });

  it('runs the child’s handler, then its own, and sets both refs', () => {
    const calls: string[] = [];
    const slotRef = createRef<HTMLElement>();
    const childRef = vi.fn();
    render(
      <Slot ref={slotRef} onClick={() => calls.push('slot')}>
        <button type="button" ref={childRef} onClick={() => calls.push('child')}>
          Go
        </button>
      </Slot>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(calls).toEqual(['child', 'slot']);
    expect(slotRef.current).toBe(screen.getByRole('button', { name: 'Go' }));
    expect(childRef).toHaveBeenCalledWith(screen.getByRole('button', { name: 'Go' }));
  });
});
