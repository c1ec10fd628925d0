// The benchmark's emotion measurement: the same 100 elements rendered with
// a static class made once at module load (how the app styles), and with
// css() called per element during the render (emotion's usual dynamic way).
import { renderToString } from 'react-dom/server';
import { css } from '@emotion/css';

const N = 100;
const staticClass = css`padding: 4px 8px; border-radius: 6px; color: #1f2933;`;
const g = globalThis as unknown as Record<string, () => string>;

g.plain = () => {
  const a = [];
  for (let i = 0; i < N; i++) a.push(<div key={i}>item</div>);
  return renderToString(<section>{a}</section>);
};
g.staticClass = () => {
  const a = [];
  for (let i = 0; i < N; i++) a.push(<div key={i} className={staticClass}>item</div>);
  return renderToString(<section>{a}</section>);
};
g.cssPerElement = () => {
  const a = [];
  for (let i = 0; i < N; i++)
    a.push(<div key={i} className={css({ padding: '4px 8px', borderRadius: 6, color: i % 2 ? '#1f2933' : '#616e7c' })}>item</div>);
  return renderToString(<section>{a}</section>);
};
