// What the booking panel offers when nothing the member holds can pay for
// the chosen session: the single class where the course sells one, and the
// items that cover the session, each one tap from its checkout, which
// carries the session: once paid, the order's result page books it.
import { useEffect, useState } from 'react';
import { css } from '@emotion/css';
import type { SessionOffers } from '../../../contract/props';
import { sessionOffers } from '../api';
import { errorText } from '../../../lib/api';
import { brandPath, usePage } from '../../../lib/page-context';
import { Link } from '../../../lib/navigation';
import { price } from '../../../lib/format';
import { FormError } from '../../../ui/form-fields';
import { linkButton, primaryButton, secondaryButton } from '../../../ui/button';
import { colour } from '../../../ui/theme';
import { panel as t } from '../../../strings/zh-hant-booking';

const box = css`
  display: grid;
  gap: 8px;
  p { margin: 0; font-size: 14px; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
  li > a { width: 100%; }
  small { display: block; color: ${colour.muted}; font-size: 13px; margin-top: 4px; }
`;

/** How many items show before 查看全部. */
const shown = 3;

/** The checkout paths of an offer for session scheduleId. */
export function offerPaths(o: SessionOffers): { single: string; items: string[] } {
  return {
    single: `/activity/${o.storeId}/${o.courseId}/checkout?schedule=${o.scheduleId}`,
    items: o.items.map((it) => `/${it.type}/${it.id}/checkout?book=${o.scheduleId}`),
  };
}

export function SessionOffersBlock({ scheduleId }: { scheduleId: number }) {
  const page = usePage();
  const brandId = page.brand!.brandId;
  const [offers, setOffers] = useState<SessionOffers | null>(null);
  const [error, setError] = useState('');
  const [all, setAll] = useState(false);
  useEffect(() => {
    let on = true;
    setOffers(null);
    setError('');
    sessionOffers(brandId, scheduleId).then(
      (o) => on && setOffers(o),
      (e) => on && setError(errorText(e)),
    );
    return () => {
      on = false;
    };
  }, [brandId, scheduleId]);
  if (error) return <FormError>{error}</FormError>;
  if (!offers) return <p>{t.offersLoading}</p>;
  const paths = offerPaths(offers);
  const items = all ? offers.items : offers.items.slice(0, shown);
  return (
    <div className={box} data-testid="session-offers">
      <p>
        {t.noEntitlement}
        {offers.singlePrice || offers.items.length ? t.offersLead : t.noOffers}
      </p>
      <ul>
        {offers.singlePrice ? (
          <li>
            <Link className={primaryButton} href={brandPath(page, paths.single)} data-testid="buy-single">
              {t.buySingle(price(offers.singlePrice))}
            </Link>
            <small>{t.singleNote}</small>
          </li>
        ) : null}
        {items.map((it, i) => (
          <li key={it.type + it.id}>
            <Link className={offers.singlePrice || i > 0 ? secondaryButton : primaryButton} href={brandPath(page, paths.items[i])} data-testid="buy-item">
              {t.offerItem(it.name, price(it.price))}
            </Link>
          </li>
        ))}
      </ul>
      {!all && offers.items.length > shown ? (
        <button type="button" className={linkButton} onClick={() => setAll(true)}>
          {t.allOffers(offers.items.length)}
        </button>
      ) : null}
    </div>
  );
}
