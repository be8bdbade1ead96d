import { Link } from '@tanstack/react-router';
import type { Failure } from './failure-text';

const NAMES: Record<NonNullable<Failure['fixAt']>, string> = { '/keys': 'Go to the Keys page' };

/** After a failure's sentence: the link to the page where it can be put right, if there is one. */
export function FailureLink({ fixAt }: { fixAt: Failure['fixAt'] }) {
  if (!fixAt) return null;
  return (
    <>
      {' '}
      <Link to={fixAt} className="font-medium underline underline-offset-2">
        {NAMES[fixAt]}
      </Link>
    </>
  );
}
