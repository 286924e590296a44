// Opened with #<id> (a link from the dashboard or the header): brings that section into view once it
// has what it shows. React Router does not scroll to a hash by itself.
import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** `ready`: the section has its data (scrolling earlier would land on a skeleton that then grows). */
export function useSectionInView<T extends HTMLElement>(id: string, ready: boolean): RefObject<T | null> {
  const section = useRef<T>(null);
  const { hash } = useLocation();
  useEffect(() => {
    if (ready && hash === `#${id}`) section.current?.scrollIntoView({ block: 'start' });
  }, [ready, hash, id]);
  return section;
}
