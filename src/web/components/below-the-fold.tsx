// A part of a screen that usually starts below a phone's first screenful: the browser skips its
// style, layout and paint until it scrolls near (CSS content-visibility: auto), so opening the
// screen styles and lays out only what is in sight (decision 031). It is still in the page for
// find-in-page, screen readers and tests; `estimate` is the height held for it until it has been
// drawn once, after which the browser remembers its real height.
//
// Its content is also built one render after the part above it (DrawnLater, decision 033): the
// task that shows the first screenful does not also create what is below it.
import { type ReactNode, useDeferredValue } from 'react';

/**
 * Renders `children` in the render after the first: that one is a deferred render, which React
 * splits into slices of a few milliseconds and commits on its own. Nothing is drawn in its place
 * meanwhile, so it suits what is out of sight or behind a menu.
 */
export function DrawnLater({ children }: { children: ReactNode }) {
  const drawn = useDeferredValue(true, false);
  return drawn ? children : null;
}

export function BelowTheFold({ estimate, children }: { estimate: number; children: ReactNode }) {
  return (
    <div style={{ contentVisibility: 'auto', containIntrinsicSize: `auto ${estimate}px` }}>
      <DrawnLater>{children}</DrawnLater>
    </div>
  );
}
