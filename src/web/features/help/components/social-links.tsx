import { NewTabLink } from '../../../components/ui/new-tab-link.js';
import { TextLink } from '../../../components/ui/text-link.js';

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
          <TextLink
            wrap="anywhere"
            asChild
            className="inline-flex items-center gap-1 [&_svg]:size-3.5"
          >
            <NewTabLink href={link.href}>{link.label}</NewTabLink>
          </TextLink>
        </li>
      ))}
    </ul>
  );
}
