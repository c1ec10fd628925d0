// My tickets (/{brandId}/user/ticket): stored-value points, count cards and
// other tickets, with what remains.
import type { MemberTicket, MemberTicketsData } from '../contract/props';
import { usePage } from '../lib/page-context';
import { HomeLink } from '../lib/navigation';
import { useUi } from '../lib/ui-state';
import { hasModule, Module } from '../lib/modules';
import { secondaryButton, smallButton } from '../ui/button';
import { thousands } from '../lib/format';
import { day } from '../ui/date';
import { MemberLayout } from '../features/members/components/member-layout';
import { badge, badgeMuted, card, cardList } from '../ui/card';
import { sectionTitle } from '../ui/section-title';
import { EmptyState } from '../ui/empty-state';
import { account } from '../strings/zh-hant';
import { member as t } from '../strings/zh-hant-members';


function TicketCard({ x, qr }: { x: MemberTicket; qr: boolean }) {
  const ui = useUi();
  const unit = t.ticket.unit[x.ticketKind] ?? '';
  const state = x.status !== 'active' ? t.passcard.status[x.status] : x.remain === 0 ? t.ticket.usedUp : '';
  return (
    <article className={card} data-testid="ticket">
      {state ? <span className={`${badge} ${badgeMuted}`}>{state}</span> : null}
      <h3>{x.name}</h3>
      <p>
        <strong style={{ fontSize: 20, color: 'var(--brand)' }}>{t.ticket.remain(thousands(x.remain), unit)}</strong>　{t.ticket.of(thousands(x.total))}
      </p>
      {x.endsOn ? <p>{t.ticket.until(day(x.endsOn))}</p> : x.status === 'notActive' && !x.startsOn ? <p>{t.ticket.startsOnFirstUse[x.activationType] ?? ''}</p> : null}
      {qr && x.status !== 'expired' && x.remain > 0 ? (
        <button type="button" className={`${secondaryButton} ${smallButton}`} onClick={() => ui.open('holdingQr', { kind: 'quantityPasscard', holdingId: x.id, name: x.name })}>
          {t.holdingQr.open}
        </button>
      ) : null}
    </article>
  );
}

export default function MemberTickets({ data }: { data: MemberTicketsData }) {
  const page = usePage();
  // count cards show their QR code where the brand has the module
  const qr = hasModule(page.brand?.settings.additionalModules, Module.QUANTITY_PASSCARD_QR);
  const groups = [
    { title: t.ticket.points, list: data.tickets.filter((x) => x.ticketKind === 1) },
    { title: t.ticket.counts, list: data.tickets.filter((x) => x.ticketKind === 2) },
    { title: t.ticket.others, list: data.tickets.filter((x) => x.ticketKind !== 1 && x.ticketKind !== 2) },
  ].filter((g) => g.list.length > 0);
  return (
    <MemberLayout title={account.nav.ticket}>
      {groups.length === 0 ? <EmptyState title={t.ticket.empty} hint={t.ticket.emptyHint} action={<HomeLink>{t.shop}</HomeLink>} /> : null}
      {groups.map((g) => (
        <section key={g.title}>
          <h3 className={sectionTitle}>{g.title}</h3>
          <div className={cardList}>
            {g.list.map((x) => (
              <TicketCard key={x.id} x={x} qr={qr && x.ticketKind === 2} />
            ))}
          </div>
        </section>
      ))}
    </MemberLayout>
  );
}
