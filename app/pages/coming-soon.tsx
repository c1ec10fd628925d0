// Routes whose pages are not built yet: an honest notice, not indexed.
import { css } from '@emotion/css';
import { PageHead } from '../lib/page-head';
import { HomeLink } from '../lib/navigation';
import { comingSoon as t, common } from '../strings/zh-hant';
import { colour } from '../ui/theme';

const box = css`
  padding: 56px 16px;
  text-align: center;
  h2 { font-size: 22px; margin-bottom: 8px; }
  p { color: ${colour.muted}; margin-bottom: 20px; }
  a { color: var(--brand); font-weight: 600; }
`;

export default function ComingSoon() {
  return (
    <section className={box}>
      <PageHead title={t.title} description={t.body} noindex />
      <h2>{t.title}</h2>
      <p>{t.body}</p>
      <HomeLink>{common.backToShop}</HomeLink>
    </section>
  );
}
