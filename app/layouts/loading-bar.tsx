// The navigation loading bar: it appears only when loading outlasts the
// throttle (200 ms), runs towards full over the estimated duration (5 s),
// and once shown stays at least the minimum display time (200 ms).
import { useEffect, useRef, useState } from 'react';
import { css } from '@emotion/css';
import { usePending } from '../lib/navigation';
import { fetchMinimumDisplay, loadingBarDuration, loadingBarThrottle } from '../lib/constants';

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

export function LoadingBar() {
  const pending = usePending();
  const [width, setWidth] = useState(0); // percent; 0 = hidden
  const shownAt = useRef(0);

  useEffect(() => {
    if (pending) {
      const show = setTimeout(() => {
        shownAt.current = Date.now();
        setWidth(10);
      }, loadingBarThrottle);
      // creep towards 90% over the estimated duration
      const step = loadingBarDuration / 20;
      const creep = setInterval(() => setWidth((w) => (w === 0 ? 0 : Math.min(90, w + 4))), step);
      return () => {
        clearTimeout(show);
        clearInterval(creep);
      };
    }
    if (shownAt.current === 0) return;
    setWidth(100);
    const left = Math.max(0, fetchMinimumDisplay - (Date.now() - shownAt.current));
    const hide = setTimeout(() => {
      shownAt.current = 0;
      setWidth(0);
    }, left);
    return () => clearTimeout(hide);
  }, [pending]);

  if (width === 0) return null;
  return <div className={bar} style={{ width: width + '%' }} role="progressbar" aria-busy={pending} data-testid="loading-bar" />;
}
