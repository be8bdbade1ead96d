import { useLayoutEffect, useRef, useState } from 'react';
import { LiveButton } from '../../../components/live-button';

/**
 * Plain text with its line breaks (`whitespace-pre-line`; never parsed as HTML), collapsed after ~8 lines
 * with "Read more" only when it is actually longer than that.
 */
export function EventDescription({ text }: { text: string }) {
  const body = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);

  useLayoutEffect(() => {
    const el = body.current;
    if (el && !expanded) setOverflows(el.scrollHeight > el.clientHeight + 1);
  }, [expanded]);

  if (text.trim() === '') return null;
  return (
    <section aria-labelledby="description-heading" className="max-w-3xl">
      <h2 id="description-heading" className="mb-1 text-lg font-semibold">
        About this event
      </h2>
      <p
        ref={body}
        id="event-description"
        className={`text-sm leading-6 wrap-anywhere whitespace-pre-line text-neutral-800 dark:text-neutral-200 ${expanded ? '' : 'line-clamp-8'}`}
      >
        {text}
      </p>
      {(overflows || expanded) && (
        <LiveButton
          aria-expanded={expanded}
          aria-controls="event-description"
          onClick={() => setExpanded((v) => !v)}
          className="mt-1 rounded text-sm font-medium text-accent-700 hover:underline dark:text-accent-300"
        >
          {expanded ? 'Show less' : 'Read more'}
        </LiveButton>
      )}
    </section>
  );
}
