// The error page (spec sections 2 and 8): the status code, an image, the
// text for the status class, a way back, and the provider's site label.
import { css } from '@emotion/css';
import { usePage } from '../lib/page-context';
import { PageHead } from '../lib/page-head';
import { HomeLink } from '../lib/navigation';
import { links } from '../lib/links';
import { errorMessage, errorTitle } from '../lib/error-text';
import { common, errors as t, layout } from '../strings/zh-hant';
import { colour } from '../ui/theme';

const box = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  gap: 14px;
  padding: 40px 16px 24px;
`;
const code = css`
  font-size: 56px;
  font-weight: 800;
  line-height: 1;
  color: var(--brand);
  letter-spacing: .04em;
`;
const msg = css`
  font-size: 17px;
  max-width: 30em;
`;
const rid = css`
  font-size: 12px;
  color: ${colour.faint};
  word-break: break-all;
`;
const back = css`
  display: inline-block;
  margin-top: 6px;
  padding: 10px 22px;
  border-radius: 999px;
  background: var(--brand);
  color: var(--brand-on);
  text-decoration: none;
  font-weight: 600;
`;
const provider = css`
  margin-top: 18px;
  font-size: 13px;
  color: ${colour.faint};
  a { color: ${colour.muted}; }
`;

function Illustration() {
  return (
    <svg width="180" height="120" viewBox="0 0 180 120" role="img" aria-label={t.imageAlt}>
      <ellipse cx="90" cy="108" rx="70" ry="8" fill="#e4e7eb" />
      <rect x="40" y="22" width="100" height="72" rx="10" fill="#fff" stroke="#cbd2d9" strokeWidth="3" />
      <rect x="40" y="22" width="100" height="16" rx="8" fill="var(--brand)" opacity=".85" />
      <circle cx="72" cy="60" r="5" fill="#616e7c" />
      <circle cx="108" cy="60" r="5" fill="#616e7c" />
      <path d="M74 80 q16 -10 32 0" stroke="#616e7c" strokeWidth="4" fill="none" strokeLinecap="round" />
    </svg>
  );
}

export default function ErrorPage() {
  const page = usePage();
  const e = page.error ?? { status: 500, message: '', routing: false, requestId: '' };
  return (
    <section className={box} data-testid="error-page">
      <PageHead title={errorTitle(e.status)} description={errorMessage(e)} noindex />
      <Illustration />
      <div className={code}>{e.status}</div>
      <p className={msg}>{errorMessage(e)}</p>
      {e.status >= 500 && e.requestId ? (
        <p className={rid} data-testid="request-id">
          {t.requestId}
          {e.requestId}
        </p>
      ) : null}
      <HomeLink className={back}>{common.backToShop}</HomeLink>
      <p className={provider}>
        {t.providedBy}
        <a href={links.ticketHome} target="_blank" rel="noopener">
          {layout.poweredBy}
        </a>
      </p>
    </section>
  );
}
