// Overdue counting passcards (/{brandId}/counting-passcard-overdue-purchase):
// the member's cards below zero and what each owes (computed on the server).
import type { OverdueData } from '../contract/props';
import { usePage, brandPath } from '../lib/page-context';
import { PageHead } from '../lib/page-head';
import { Link } from '../lib/navigation';
import { price } from '../lib/format';
import { card, cardList, factList } from '../ui/card';
import { heading } from '../ui/section-title';
import { primaryButton } from '../ui/button';
import { overdue as t } from '../strings/zh-hant-term';

export default function CountingPasscardOverdue({ data }: { data: OverdueData }) {
  const page = usePage();
  return (
    <>
      <PageHead title={t.title(page.brand!.settings.brandName)} description={t.heading} noindex />
      <h2 className={heading}>{t.heading}</h2>
      {data.setting ? <p>{t.rule(data.setting.unitMinutes, price(data.setting.unitPrice))}</p> : null}
      {data.cards.length === 0 ? <p data-testid="overdue-none">{t.none}</p> : null}
      <div className={cardList}>
        {data.cards.map((c) => (
          <section key={c.id} className={card} data-testid="overdue-card">
            <h3>{c.name}</h3>
            <dl className={factList}>
              <dt>{t.owed(c.owedMinutes)}</dt>
              <dd>{price(c.amount)}</dd>
            </dl>
            <Link className={primaryButton} href={brandPath(page, `/counting-passcard-overdue-purchase/checkout?id=${c.id}`)}>
              {t.pay}
            </Link>
          </section>
        ))}
      </div>
    </>
  );
}
