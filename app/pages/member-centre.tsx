// Member centre (/{brandId}/user): the member's profile, what they hold,
// their account actions.
import { Fragment, useState } from 'react';
import { css } from '@emotion/css';
import type { CustomField, MemberCentreData, User } from '../contract/props';
import { kept, usePage } from '../lib/page-context';
import { Link, useNavigate } from '../lib/navigation';
import { useUi } from '../lib/ui-state';
import { hasModule, Module } from '../lib/modules';
import { errorText } from '../lib/api';
import { logout, setUnsubscribed } from '../features/members/api';
import { MemberLayout } from '../features/members/components/member-layout';
import { MobileBarcode } from '../features/members/components/mobile-barcode';
import { PendingOrders } from '../features/members/components/pending-orders';
import { FreezeSection } from '../features/members/components/freeze-section';
import { LineSection } from '../features/members/components/line-section';
import { MemberOrders } from '../features/checkout/components/member-orders';
import { badge, badgeMuted, card } from '../ui/card';
import { sectionTitle } from '../ui/section-title';
import { account } from '../strings/zh-hant';
import { auth as ta, deleteAccount as td, member as t } from '../strings/zh-hant-members';
import { colour, radius, up } from '../ui/theme';
import { secondaryButton, smallButton } from '../ui/button';


const tiles = css`
  display: grid;
  grid-template-columns: repeat(2, 1fr);
  gap: 12px;
  margin-bottom: 24px;
  ${up(750)} { grid-template-columns: repeat(4, 1fr); }
  a {
    display: flex;
    flex-direction: column;
    gap: 2px;
    padding: 14px 16px;
    background: ${colour.surface};
    border: 1px solid ${colour.line};
    border-radius: ${radius};
    text-decoration: none;
    color: ${colour.muted};
    font-size: 14px;
  }
  a:hover { border-color: var(--brand); }
  strong { font-size: 26px; color: ${colour.text}; line-height: 1.2; }
`;
const profile = css`
  margin-bottom: 24px;
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 6px 16px; margin: 8px 0 0; font-size: 15px; }
  dt { color: ${colour.muted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;
/** Each action of the profile card. */
const action = `${secondaryButton} ${smallButton}`;
const actions = css`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: 12px;
`;
const nameRow = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  h3 { font-size: 18px; }
`;

export default function MemberCentre({ data }: { data: MemberCentreData }) {
  const page = usePage();
  const ui = useUi();
  const navigate = useNavigate();
  const user = page.user!;
  const brand = page.brand!;
  const [busy, setBusy] = useState(false);
  const s = data.summary;
  // the member pages with a count, by their key in the host's navigation
  const counts: Record<string, [number, string]> = {
    booking: [s.upcomingBookings, t.summary.upcomingBookings],
    passcard: [s.passcards, t.summary.passcards],
    ticket: [s.tickets, t.summary.tickets],
    countingPasscard: [s.countingPasscards, t.summary.countingPasscards],
  };
  const toggleMail = async () => {
    setBusy(true);
    try {
      await setUnsubscribed(brand.brandId, !user.unsubscribed);
      ui.notify(t.subscriptionSaved);
      navigate(window.location.pathname + window.location.search, { replace: true });
    } catch (e) {
      ui.notify(errorText(e), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <MemberLayout title={account.centre}>
      <Profile
        user={user}
        fields={data.fields}
        editable={hasModule(brand.settings.additionalModules, Module.MEMBER_INFO)}
        busy={busy}
        toggleMail={toggleMail}
      />
      <LineSection />
      <MobileBarcode />
      <PendingOrders orders={data.pending} />
      <MemberOrders orders={data.orders} more={data.moreOrders} />
      <Holdings
        tiles={page.nav.member.flatMap((m) => {
          const tile = counts[m.key];
          return tile ? [{ key: m.key, href: m.href, count: tile[0], label: tile[1] }] : [];
        })}
      />
      <FreezeSection />
    </MemberLayout>
  );
}

/** A member page with a count, as a tile of the holdings. */
interface Tile {
  key: string;
  href: string;
  count: number;
  label: string;
}

/**
 * What the member holds, a tile for each member page with a count, kept
 * by the server's runtime (lib/page-context kept) with its props, as the
 * profile card is.
 */
const Holdings = kept('MemberHoldings', function Holdings({ tiles: list }: { tiles: Tile[] }) {
  return (
    <>
      <h3 className={sectionTitle}>{t.holdings}</h3>
      <div className={tiles}>
        {list.map((tile) => (
          <Link key={tile.key} href={tile.href}>
            <strong>{tile.count}</strong>
            {tile.label}
          </Link>
        ))}
      </div>
    </>
  );
});

/**
 * The member's profile card with its actions, kept by the server's runtime
 * (lib/page-context kept) with its props: the member's next visit to the
 * centre renders it again only when their details changed.
 */
const Profile = kept('MemberProfile', function Profile({ user, fields, editable, busy, toggleMail }: {
  user: User;
  fields: CustomField[];
  editable: boolean;
  busy: boolean;
  toggleMail: () => void;
}) {
  const ui = useUi();
  const brandId = usePage().brand!.brandId;
  return (
    <section className={`${card} ${profile}`} aria-label={t.profileFields}>
      <div className={nameRow}>
        <h3>{t.hello(user.name)}</h3>
        <span className={user.emailVerified ? badge : `${badge} ${badgeMuted}`}>{user.emailVerified ? t.verified : t.notVerified}</span>
      </div>
      <dl>
        <dt>{ta.email}</dt>
        <dd>{user.email}</dd>
        {fields.map((f) => (
          <Fragment key={f.key}>
            <dt>{f.label}</dt>
            <dd>{user.customFields[f.key] || t.notFilled}</dd>
          </Fragment>
        ))}
        <dt>{t.subscription}</dt>
        <dd>{user.unsubscribed ? t.unsubscribed : t.subscribed}</dd>
      </dl>
      {user.missingFields.length ? <p style={{ color: colour.danger }}>{t.missingInfo}</p> : null}
      <div className={actions}>
        {user.missingFields.length ? (
          <button type="button" className={action} onClick={() => ui.open('completeInfo', { mode: 'complete' })}>
            {t.completeInfo}
          </button>
        ) : null}
        {editable ? (
          <button type="button" className={action} onClick={() => ui.open('completeInfo', { mode: 'edit' })}>
            {t.editProfile}
          </button>
        ) : null}
        <button type="button" className={action} onClick={() => ui.open('changePassword', {})}>
          {t.changePassword}
        </button>
        {!user.emailVerified ? (
          <button type="button" className={action} onClick={() => ui.open('verifyAccount', { email: user.email })}>
            {t.verifyNow}
          </button>
        ) : null}
        <button type="button" className={action} disabled={busy} onClick={toggleMail}>
          {user.unsubscribed ? t.subscribe : t.unsubscribe}
        </button>
        <button type="button" className={action} onClick={() => logout(brandId)}>
          {account.logout}
        </button>
        <button type="button" className={action} onClick={() => ui.open('deleteAccount', {})}>
          {td.open}
        </button>
      </div>
    </section>
  );
});
