import { SiteLink } from './site-link.js';

/** An organisation's website and social pages, those it has, each opening in a new tab. */
export function SocialLinks({
  name,
  links,
}: {
  /** Whose pages these are, so "Facebook" is not read out three times without context. */
  name: string;
  links: { label: string; href: string | null }[];
}) {
  const present = links.filter((link): link is { label: string; href: string } => !!link.href);
  if (present.length === 0) return null;
  return (
    <ul aria-label={`${name} online`} className="flex flex-wrap gap-x-4 gap-y-2">
      {present.map((link) => (
        <li key={link.label}>
          <SiteLink href={link.href}>{link.label}</SiteLink>
        </li>
      ))}
    </ul>
  );
}
