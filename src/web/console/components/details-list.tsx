import type { ReactNode } from 'react';

/** Labelled values, as a description list: two columns on a desktop, stacked on a phone. */
export function DetailsList({ items }: { items: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[minmax(10rem,16rem)_1fr]">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-foreground">{label}</dt>
          <dd className="text-foreground wrap-anywhere max-sm:mb-2">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
