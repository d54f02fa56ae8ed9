import { Link } from 'react-router';
import { TextLink } from '../../components/ui/text-link.js';
import { ConsolePage } from '../components/console-page.js';
import { consolePaths } from '../console-paths.js';

/** An address under /staff that the console does not have. */
export function ConsoleNotFound() {
  return (
    <ConsolePage title="Page not found">
      <p>
        The console has no page at this address.{' '}
        <TextLink asChild>
          <Link to={consolePaths.students.getHref()}>Go to the students</Link>
        </TextLink>
      </p>
    </ConsolePage>
  );
}
