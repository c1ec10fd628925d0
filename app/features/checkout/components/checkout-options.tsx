// The checkout form's choices, those the offer asks for: store, session,
// quantity, a CUSTOM item's start date, salesman, payment way, and the ACH
// authorisation when paying by ACH.
import { useId, type ReactNode } from 'react';
import { css } from '@emotion/css';
import { TermsCheckbox } from '../../../lib/terms-checkbox';
import { sectionTitle } from '../../../ui/section-title';
import { Field, formStyle } from '../../../ui/form-fields';
import { QuantityStepper } from '../../../ui/quantity-stepper';
import { dateWithWeekday, day, timeRange } from '../../../ui/date';
import { checkout as t } from '../../../strings/zh-hant-checkout';
import { ach as ta } from '../../../strings/zh-hant-deferred';
import { colour, radius } from '../../../ui/theme';
import { payWaysIn, salesmenIn, type Choice, type Offer } from '../rules';
import { ACHForm } from './ach-form';

/** A group of radio choices, each a bordered row (also the invoice form's). */
export const group = css`
  border: 0;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
  legend { font-size: 14px; font-weight: 600; margin-bottom: 6px; padding: 0; }
  label {
    display: flex;
    align-items: center;
    gap: 10px;
    padding: 10px 14px;
    border: 1px solid ${colour.line};
    border-radius: ${radius};
    background: ${colour.surface};
    cursor: pointer;
  }
  label:has(input:checked) { border-color: var(--brand); box-shadow: 0 0 0 1px var(--brand); }
  input { accent-color: var(--brand); width: 18px; height: 18px; margin: 0; }
  small { color: ${colour.muted}; }
`;
const select = css`
  display: flex;
  flex-direction: column;
  gap: 4px;
  font-size: 14px;
  font-weight: 600;
  select { font: inherit; font-weight: 400; font-size: 16px; padding: 10px 12px; border: 1px solid #cbd2d9; border-radius: 10px; background: #fff; min-height: 44px; }
`;

/** A labelled select of this form. */
function Select({ label, value, onChange, children }: { label: string; value: string; onChange: (v: string) => void; children: ReactNode }) {
  const id = useId();
  return (
    <div className={select}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </div>
  );
}

export function CheckoutOptions({ offer, storeLabel, choice, change, chooseStore }: {
  offer: Offer;
  storeLabel: string;
  choice: Choice;
  change: (c: Partial<Choice>) => void;
  chooseStore: (storeId: number) => void;
}) {
  const { storeId, scheduleId, salesmanId, payWay } = choice;
  const seats = offer.sessions;
  const salesmen = salesmenIn(offer, storeId);
  const ways = payWaysIn(offer, offer.stores.find((s) => s.storeId === storeId));
  return (
    <section className={formStyle}>
      <h3 className={sectionTitle}>{t.options}</h3>
      {offer.stores.length > 0 ? (
        <fieldset className={group}>
          <legend>{storeLabel}</legend>
          {offer.stores.map((s) => (
            <label key={s.storeId}>
              <input type="radio" name="store" value={s.storeId} checked={s.storeId === storeId} onChange={() => chooseStore(s.storeId)} />
              <span>
                {s.storeName}
                <br />
                <small>{s.address}</small>
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {seats.length > 0 ? (
        <Select label={t.schedule} value={String(scheduleId)} onChange={(v) => change({ scheduleId: Number(v) })}>
          {seats.map((s) => (
            <option key={s.scheduleId} value={s.scheduleId}>
              {`${dateWithWeekday(s.scheduleDate, s.weekday)} ${timeRange(s.startTime, s.endTime)} ${s.teacherName}`}
            </option>
          ))}
        </Select>
      ) : null}
      {offer.maxQuantity > 1 ? (
        <QuantityStepper label={t.quantity} less={t.decrease} more={t.increase} value={choice.quantity} min={1} max={offer.maxQuantity} onChange={(quantity) => change({ quantity })} />
      ) : null}
      {offer.startDate ? (
        <Field
          label={t.startDate}
          type="date"
          name="startDate"
          required
          min={offer.startDate.min}
          max={offer.startDate.max}
          value={choice.startDate}
          hint={t.startDateHint(day(offer.startDate.max))}
          onChange={(e) => change({ startDate: e.target.value })}
        />
      ) : null}
      {salesmen.length > 0 ? (
        <Select label={t.salesman} value={String(salesmanId)} onChange={(v) => change({ salesmanId: Number(v) })}>
          <option value="0">{t.noSalesman}</option>
          {salesmen.map((s) => (
            <option key={s.salesmanId} value={s.salesmanId}>
              {s.name}
            </option>
          ))}
        </Select>
      ) : null}
      <fieldset className={group}>
        <legend>{t.payWay}</legend>
        {ways.length === 0 ? <p>{t.noPayWay}</p> : null}
        {ways.map((w) => (
          <label key={w.payWay}>
            <input type="radio" name="payWay" value={w.payWay} checked={w.payWay === payWay} onChange={() => change({ payWay: w.payWay })} />
            <span>{w.payWay === '1' ? t.recurringWay(offer.recurringPeriods) : t.payWays[w.payWay]}</span>
          </label>
        ))}
      </fieldset>
      {payWay === 'ACH' && offer.achAgreement ? (
        <ACHForm value={choice.ach} onChange={(ach) => change({ ach })}>
          <TermsCheckbox checked={choice.achAgreed} onChange={(achAgreed) => change({ achAgreed })} name="achAgree" lead={ta.agreeLead}
            docs={[[ta.agreement, { title: ta.agreement, text: offer.achAgreement.text }]]} />
        </ACHForm>
      ) : null}
    </section>
  );
}
