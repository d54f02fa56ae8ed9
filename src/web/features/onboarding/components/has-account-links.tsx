import { Link } from 'react-router';
import { TextLink } from '../../../components/ui/text-link.js';
import { paths } from '../../../config/paths.js';

/** The two ways on for a student whose invite already made their account. */
export function HasAccountLinks() {
  return (
    <ul className="mt-2 grid gap-1">
      <li>
        <TextLink asChild>
          <Link to={paths.login.getHref()}>Sign in with your passkey</Link>
        </TextLink>
      </li>
      <li>
        <TextLink asChild>
          <Link to={paths.recover.getHref()}>Recover your account on a new phone</Link>
        </TextLink>
      </li>
    </ul>
  );
}
