// The landing page of the mailed links (/{brandId}/verify/email): e-mail
// verification (?u=&t=) with every outcome, and a new password
// (?type=resetPassword&u=&t=). Its ways on: back to the page the member
// registered from (?next=, a path beneath the brand home, checked), 登入
// for a visitor not logged in, and the shop's home.
import { useEffect, useState } from 'react';
import { css } from '@emotion/css';
import { brandPath, usePage } from '../lib/page-context';
import { ApiError, errorText } from '../lib/api';
import { verifyEmail } from '../features/members/api';
import { NewPasswordForm } from '../features/members/components/new-password-form';
import { ResendVerifyForm } from '../features/members/components/resend-verify-form';
import { useUi } from '../lib/ui-state';
import { HomeLink, Link, nextPath } from '../lib/navigation';
import { PageHead } from '../lib/page-head';
import { primaryButton, secondaryButton } from '../ui/button';
import { common } from '../strings/zh-hant';
import { verifyEmail as t } from '../strings/zh-hant-members';
import { colour, radius } from '../ui/theme';

const box = css`
  max-width: 460px;
  margin: 24px auto;
  background: ${colour.surface};
  border: 1px solid ${colour.line};
  border-radius: ${radius};
  padding: 28px 24px;
  text-align: center;
  h2 { font-size: 21px; margin-bottom: 8px; }
  p { color: ${colour.muted}; margin-bottom: 16px; }
  form { text-align: left; }
`;
const icon = css`
  width: 56px;
  height: 56px;
  margin: 0 auto 12px;
  border-radius: 50%;
  display: flex;
  align-items: center;
  justify-content: center;
  font-size: 28px;
  color: var(--brand-on);
  background: var(--brand);
`;
const iconBad = css`background: ${colour.danger}; color: #fff;`;
const ways = css`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  align-items: center;
  gap: 12px 20px;
  margin-top: 8px;
`;
const home = css`
  color: var(--brand);
  font-weight: 600;
`;

type State = { kind: 'verifying' } | { kind: 'verified' } | { kind: 'failed'; message: string } | { kind: 'reset' } | { kind: 'resetDone' };

export default function VerifyEmail() {
  const page = usePage();
  const ui = useUi();
  const userId = Number(page.query.u);
  const token = page.query.t ?? '';
  const reset = page.query.type === 'resetPassword';
  const complete = userId > 0 && token !== '';
  const [state, setState] = useState<State>(!complete ? { kind: 'failed', message: t.badLink } : reset ? { kind: 'reset' } : { kind: 'verifying' });
  useEffect(() => {
    if (!complete || reset) return;
    verifyEmail(page.brand!.brandId, userId, token)
      .then(() => setState({ kind: 'verified' }))
      .catch((e) => setState({ kind: 'failed', message: e instanceof ApiError ? e.message : errorText(e) }));
  }, [complete, reset, page.brand, userId, token]);
  const title = reset ? t.resetTitle : t.title;
  const next = nextPath(page.query.next);
  const back = next ? brandPath(page, next) : '';
  // where to go from here: the page registered from, a login, the shop
  const waysOn = (
    <div className={ways}>
      {back ? (
        <Link href={back} className={primaryButton} data-testid="verify-back">
          {t.back}
        </Link>
      ) : null}
      {page.user ? null : (
        <button type="button" className={back ? secondaryButton : primaryButton} onClick={() => ui.open('login', back ? { next: back } : {})}>
          {t.login}
        </button>
      )}
      <HomeLink className={home}>{common.backToShop}</HomeLink>
    </div>
  );
  return (
    <section className={box} data-testid="verify-email" data-state={state.kind}>
      <PageHead title={title} description={title} noindex />
      {state.kind === 'verifying' ? (
        <>
          <h2>{t.title}</h2>
          <p role="status">{t.verifying}</p>
        </>
      ) : state.kind === 'verified' ? (
        <>
          <div className={icon} aria-hidden="true">✓</div>
          <h2>{t.verified}</h2>
          <p>{t.verifiedBody}</p>
          {waysOn}
        </>
      ) : state.kind === 'reset' ? (
        <>
          <h2>{t.resetTitle}</h2>
          <p>{t.resetBody}</p>
          <NewPasswordForm userId={userId} token={token} done={() => setState({ kind: 'resetDone' })} />
        </>
      ) : state.kind === 'resetDone' ? (
        <>
          <div className={icon} aria-hidden="true">✓</div>
          <h2>{t.resetDone}</h2>
          <p>{t.resetDoneBody}</p>
          <button type="button" className={primaryButton} onClick={() => ui.open('login', {})}>
            {t.goLogin}
          </button>
        </>
      ) : (
        <>
          <div className={`${icon} ${iconBad}`} aria-hidden="true">!</div>
          <h2>{title}</h2>
          <p role="alert" data-testid="verify-error">
            {state.message}
          </p>
          {reset ? null : <ResendVerifyForm />}
          {waysOn}
        </>
      )}
    </section>
  );
}
