/** The counter shows from this share of a limit on, where a student starts to need it. */
const SHOW_FROM_SHARE = 0.8;

/**
 * How many characters are left, shown (and read out politely) only near the limit. The field's
 * own maxLength stops typing or pasting past it.
 */
export function CharacterCount({
  id,
  length,
  limit,
}: {
  id: string;
  length: number;
  limit: number;
}) {
  const nearLimit = length >= limit * SHOW_FROM_SHARE;
  const left = limit - length;
  return (
    <p
      id={id}
      aria-live="polite"
      className={
        left === 0 ? 'text-sm font-medium text-destructive' : 'text-sm text-muted-foreground'
      }
    >
      {nearLimit ? `${left} ${left === 1 ? 'character' : 'characters'} left of ${limit}` : null}
    </p>
  );
}
