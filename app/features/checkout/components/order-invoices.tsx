// An order's e-invoices: number, date and random code of each (one per
// period of a plan), or that it is being issued. On the order result page
// it asks again while one is being issued (live), so the number shows
// when the outbox has issued it.
import { useEffect, useState } from 'react';
import { css } from '@emotion/css';
import type { OrderInvoice } from '../../../contract/props';
import { badge, badgeMuted, factList } from '../../../ui/card';
import { invoice as t } from '../../../strings/zh-hant-checkout';
import { colour } from '../../../ui/theme';

const list = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 10px;
  li { display: grid; gap: 6px; }
  small { color: ${colour.muted}; }
`;

export function OrderInvoices({ invoices }: { invoices: OrderInvoice[] }) {
  if (invoices.length === 0) return null;
  return (
    <ul className={list} data-testid="order-invoices">
      {invoices.map((v) => (
        <li key={`${v.period}-${v.second}`} data-testid="order-invoice" data-state={v.state}>
          <span>
            <span className={v.state === 'issued' ? badge : `${badge} ${badgeMuted}`}>{t.states[v.state]}</span>{' '}
            {v.period > 0 ? t.period(v.period) : null}
            {v.second ? ` ${t.second}` : null}
          </span>
          {v.number ? (
            <dl className={factList}>
              <dt>{t.number}</dt>
              <dd data-testid="invoice-number">{v.number}</dd>
              <dt>{t.date}</dt>
              <dd data-testid="invoice-date">{v.date}</dd>
              <dt>{t.randomCode}</dt>
              <dd data-testid="invoice-random">{v.randomCode}</dd>
            </dl>
          ) : (
            <small>{t.issuingHint}</small>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The invoices of a paid order, asked again (ask) every few seconds while one is being issued (at most 40 times). */
export function useLiveInvoices(invoices: OrderInvoice[], ask: () => Promise<OrderInvoice[]>): OrderInvoice[] {
  const [live, setLive] = useState(invoices);
  useEffect(() => setLive(invoices), [invoices]);
  const issuing = live.some((v) => v.state === 'issuing');
  useEffect(() => {
    if (!issuing) return;
    let tries = 0;
    const timer = setInterval(() => {
      if (++tries > 40) return clearInterval(timer);
      ask().then(setLive, () => {});
    }, 2000);
    return () => clearInterval(timer);
  }, [issuing]);
  return live;
}
