// The navigation loading bar (spec section 9): its timing is lib/loading's
// (throttle 200 ms, duration 5 s, shown at least 200 ms).
import { useEffect, useRef, useState } from 'react';
import { css } from '@emotion/css';
import { usePending } from '../lib/navigation';
import { barHidesAt, barShowsAt, barWidth } from '../lib/loading';

const bar = css`
  position: fixed;
  top: 0;
  left: 0;
  z-index: 100;
  height: 3px;
  background: var(--brand);
  box-shadow: 0 0 6px var(--brand);
  transition: width .2s ease, opacity .3s ease;
  pointer-events: none;
`;

/** How often (ms) the bar's width is brought up to date while it shows. */
const tick = 250;

export function LoadingBar() {
  const pending = usePending();
  const [width, setWidth] = useState(0); // percent; 0 = hidden
  const shownAt = useRef(0);

  useEffect(() => {
    if (pending) {
      const start = Date.now();
      let creep: ReturnType<typeof setInterval> | undefined;
      const show = setTimeout(() => {
        shownAt.current = Date.now();
        setWidth(barWidth(shownAt.current, shownAt.current));
        creep = setInterval(() => setWidth(barWidth(shownAt.current, Date.now())), tick);
      }, barShowsAt(start) - start);
      return () => {
        clearTimeout(show);
        clearInterval(creep);
      };
    }
    if (shownAt.current === 0) return;
    setWidth(100);
    const now = Date.now();
    const hide = setTimeout(() => {
      shownAt.current = 0;
      setWidth(0);
    }, barHidesAt(shownAt.current, now) - now);
    return () => clearTimeout(hide);
  }, [pending]);

  if (width === 0) return null;
  return <div className={bar} style={{ width: width + '%' }} role="progressbar" aria-busy={pending} data-testid="loading-bar" />;
}
