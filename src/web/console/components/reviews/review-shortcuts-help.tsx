const KEYS = [
  { keys: ['j', '↓'], does: 'Next file' },
  { keys: ['k', '↑'], does: 'Previous file' },
  { keys: ['a'], does: 'Accept' },
  { keys: ['r'], does: 'Reject: pick the reason, then Enter' },
  { keys: ['o'], does: "Open the student's record" },
] as const;

/** The page's keyboard shortcuts, said on the page. */
export function ReviewShortcutsHelp() {
  return (
    <section aria-labelledby="review-shortcuts" className="text-sm text-muted-foreground">
      <h2 id="review-shortcuts" className="font-semibold text-foreground">
        Keyboard shortcuts
      </h2>
      <dl className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
        {KEYS.map(({ keys, does }) => (
          <div key={does} className="flex items-center gap-1.5">
            <dt className="flex gap-1">
              {keys.map((key, index) => (
                <span key={key}>
                  {index > 0 ? 'or ' : ''}
                  <kbd className="rounded border border-border-strong bg-card px-1.5 font-mono text-xs text-foreground">
                    {key}
                  </kbd>
                </span>
              ))}
            </dt>
            <dd>{does}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-1">
        They do nothing while you type in a field. Every action has its button.
      </p>
    </section>
  );
}
