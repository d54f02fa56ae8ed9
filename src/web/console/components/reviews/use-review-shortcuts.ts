import { useEffect, useRef } from 'react';

export interface ReviewShortcutActions {
  next: () => void;
  previous: () => void;
  accept: () => void;
  reject: () => void;
  openRecord: () => void;
}

/** The keys of the reviews page (listed on it by ReviewShortcutsHelp). */
const SHORTCUTS: Partial<Record<string, keyof ReviewShortcutActions>> = {
  j: 'next',
  ArrowDown: 'next',
  k: 'previous',
  ArrowUp: 'previous',
  a: 'accept',
  r: 'reject',
  o: 'openRecord',
};

/** Whether a key press is someone typing, or moving within a control that takes the keys itself. */
const isInField = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || target.closest('input, textarea, select') !== null);

/**
 * The reviews page's single-key shortcuts, on the whole page. They stay out of the way of typing
 * (a reason, a search), of a control's own keys (a radio group's arrows), of the browser's and
 * the system's (any key with Ctrl, Alt or Meta), and of a dialog over the page.
 */
export function useReviewShortcuts(actions: ReviewShortcutActions, enabled: boolean): void {
  // The handler is added once; it calls the actions of the latest render.
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isInField(event.target) || document.querySelector('dialog[open]')) return;
      const action = SHORTCUTS[event.key];
      if (!action) return;
      event.preventDefault();
      latest.current[action]();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [enabled]);
}
