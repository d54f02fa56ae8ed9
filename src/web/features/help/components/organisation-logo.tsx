import { useState } from 'react';

/** An organisation's logo, when it has one that loads; nothing otherwise. */
export function OrganisationLogo({ url, name }: { url: string | null; name: string }) {
  const [failed, setFailed] = useState(false);
  if (!url || failed) return null;
  return (
    <img
      src={url}
      alt={`${name} logo`}
      width={48}
      height={48}
      loading="lazy"
      decoding="async"
      onError={() => {
        setFailed(true);
      }}
      className="size-12 shrink-0 rounded-lg border border-border bg-card object-contain p-1"
    />
  );
}
