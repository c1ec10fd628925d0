// Checkout (/{brandId}/{itemType}/{itemId}/checkout and
// /{brandId}/activity/{storeId}/{courseId}/checkout): what is bought, the
// store, quantity, salesman, a CUSTOM item's start date, the payment way,
// the terms and the payment warning. Paying runs precheck (each refusal in
// its dialog), asks for confirmation, creates the order and sends the buyer
// to the payment page the server names.
import { Suspense, useId, useState, type ReactNode } from 'react';
import { lazyDialog } from '../lib/chunk';
import { css } from '@emotion/css';
import type { CheckoutData, CheckoutRequest, CheckoutStore, PrecheckAnswer } from '../contract/props';
import { usePage, brandPath } from '../lib/page-context';
import { useUi } from '../lib/ui-state';
import { HomeLink } from '../lib/navigation';
import { PageHead } from '../lib/page-head';
import { ApiError, errorText } from '../lib/api';
import { price, validity } from '../lib/format';
import { useRefresh } from '../lib/use-submit';
import { openInApp } from '../lib/app-bridge';
import { queryString } from '../lib/query';
import { cartFromQuery, cartPairs } from '../features/checkout/rules';
import { precheck, startACHPayment, startPayment } from '../features/checkout/api';
import { ACHForm, emptyACH } from '../features/checkout/ach-form';
import { achProblems, achProblemText } from '../features/checkout/ach';
import { ach as ta } from '../strings/zh-hant-deferred';
import { contractFor } from '../features/econtract/api';
import { refusalOf } from '../features/checkout/refusal';
import { PaymentHint } from '../features/checkout/payment-hint';
import { activationText } from '../features/catalogue/activation';
import { grants } from '../features/catalogue/item-card';
import type { NoticeKind } from '../features/checkout/dialogs/refusal-dialog';
import { card, factList } from '../ui/card';
import { heading, sectionTitle } from '../ui/section-title';
import { Field, FormError, formStyle } from '../ui/form-fields';
import { TermsCheckbox } from '../lib/terms-checkbox';
import { QuantityStepper } from '../ui/quantity-stepper';
import { primaryButton } from '../ui/button';
import { dateWithWeekday, day, timeRange } from '../ui/date';
import { items as ti, common } from '../strings/zh-hant';
import { checkout as t, confirm as tc } from '../strings/zh-hant-checkout';
import { colour, radius } from '../ui/theme';

const ConfirmDialog = lazyDialog(() => import('../features/checkout/dialogs/checkout-confirm-dialog'));
const RefusalDialog = lazyDialog(() => import('../features/checkout/dialogs/refusal-dialog'));

const form = css`
  display: flex;
  flex-direction: column;
  gap: 18px;
`;
const summary = css`
  h3 { font-size: 18px; }
`;
const group = css`
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
const totalRow = css`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: 12px;
  padding-top: 12px;
  border-top: 1px solid ${colour.line};
  strong { font-size: 24px; color: var(--brand); }
`;
const gone = css`
  text-align: center;
  padding: 32px 16px;
  p { margin-bottom: 14px; }
`;

/** A labelled select of this page. */
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

type Shown = { dialog: 'confirm'; answer: PrecheckAnswer } | { dialog: NoticeKind; message: string } | null;

export default function Checkout({ data }: { data: CheckoutData }) {
  const page = usePage();
  const ui = useUi();
  const refresh = useRefresh();
  const brand = page.brand!;
  const brandName = brand.settings.brandName;
  const it = data.item;
  const course = data.course;
  const name = it?.name ?? course?.courseName ?? '';
  // the price this page shows; precheck refuses it when the database's differs
  const unitPrice = it?.price ?? course?.minPrice ?? 0;
  const custom = it?.activationType === 'CUSTOM';
  const seats = (course?.scheduleList ?? []).filter((s) => s.remaining > 0);

  // a cart kept in the URL (back from signing the e-contract) where it still fits
  const saved = cartFromQuery(page.query);
  const savedStore = data.stores.find((s) => s.storeId === saved.storeId);
  const firstStore = savedStore ?? data.stores[0];
  const [storeId, setStoreId] = useState(firstStore?.storeId ?? 0);
  const store: CheckoutStore | undefined = data.stores.find((s) => s.storeId === storeId);
  const [quantity, setQuantity] = useState(saved.quantity ?? 1);
  const [scheduleId, setScheduleId] = useState(seats.find((s) => s.scheduleId === saved.scheduleId)?.scheduleId ?? seats[0]?.scheduleId ?? 0);
  const [salesmanId, setSalesmanId] = useState(savedStore ? (saved.salesmanId ?? 0) : 0);
  const [startDate, setStartDate] = useState(saved.startDate ?? '');
  const [payWay, setPayWay] = useState<string>(firstStore?.payWays.find((w) => w.payWay === saved.payWay)?.payWay ?? firstStore?.payWays[0]?.payWay ?? '');
  const [accepted, setAccepted] = useState(false);
  const [achFields, setAchFields] = useState(emptyACH);
  const [achAgreed, setAchAgreed] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Shown>(null);
  const [payError, setPayError] = useState('');
  const [contractPath, setContractPath] = useState('');
  const salesmen = data.salesmen.filter((s) => !s.storeId || s.storeId === storeId);
  // an item sold by monthly card payment too (payment way '1'): where the store takes cards
  const recurring = data.item?.recurringPeriods && store?.payWays.some((w) => w.payWay === '2') ? [{ payWay: '1' as const, name: '' }] : [];
  const ways = [...(store?.payWays ?? []), ...recurring];
  const way = ways.find((w) => w.payWay === payWay);

  const chooseStore = (id: number) => {
    setStoreId(id);
    const next = data.stores.find((s) => s.storeId === id);
    if (!next?.payWays.some((w) => w.payWay === payWay)) setPayWay(next?.payWays[0]?.payWay ?? '');
    setSalesmanId(0);
  };

  const request = (): CheckoutRequest => ({
    kind: data.kind,
    itemType: it?.type,
    itemId: it?.id,
    courseId: course?.courseId,
    scheduleId: scheduleId || undefined,
    storeId,
    quantity,
    price: unitPrice,
    salesmanId: salesmanId || undefined,
    startDate: custom ? startDate : undefined,
    payWay: (payWay || undefined) as CheckoutRequest['payWay'],
    acceptTerms: accepted,
    from: page.webview ? 'app' : undefined,
  });

  /** A refusal in its dialog, or its message under the form. */
  const refused = (e: unknown) => {
    const kind = e instanceof ApiError ? refusalOf(e.code) : null;
    if (kind === 'login') return ui.open('login', { next: page.url });
    if (kind === 'contactInfo') return ui.open('completeInfo', { mode: 'contact', then: () => void check() });
    if (kind === 'pleaseSign' && it) {
      // the contract this item needs in this store names the page to sign on
      contractFor(brand.brandId, { itemId: it.id, storeId })
        .then((c) => setContractPath(c.pagePath))
        .catch(() => setContractPath(''));
    }
    if (kind) return setShown({ dialog: kind, message: errorText(e) });
    setError(errorText(e));
  };

  const check = async () => {
    setError('');
    if (!store) return setError(t.storeRequired);
    if (custom && !startDate) return setError(t.startDateRequired);
    if (!way) return setError(t.payWayRequired);
    if (!accepted) return setError(t.termsRequired);
    if (payWay === 'ACH') {
      const wrong = achProblems(achFields)[0];
      if (wrong) return setError(achProblemText(wrong, achFields));
      if (!achAgreed) return setError(ta.agreeRequired);
    }
    if (busy) return;
    setBusy(true);
    try {
      setShown({ dialog: 'confirm', answer: await precheck(brand.brandId, request()) });
    } catch (e) {
      refused(e);
    } finally {
      setBusy(false);
    }
  };

  const pay = async () => {
    if (busy) return;
    setBusy(true);
    setPayError('');
    try {
      if (payWay === 'ACH' && data.achAgreement) {
        // no payment page: the order waits for the bank on its result page
        const a = await startACHPayment(brand.brandId, { ...request(), ...achFields, agreementHash: data.achAgreement.hash });
        window.location.assign(new URL(a.resultUrl, window.location.href).href);
        return;
      }
      const answer = await startPayment(brand.brandId, request());
      // the host's payment page, a full page load; in the app, LINE Pay's
      // answer is its paymentUrl.app, which the app opens (openLinePay)
      const url = new URL(answer.paymentUrl, window.location.href).href;
      if (!(page.webview && payWay === 'LINEPAY' && openInApp('openLinePay', url))) window.location.assign(url);
    } catch (e) {
      setBusy(false);
      if (e instanceof ApiError && refusalOf(e.code)) {
        setShown(null);
        refused(e);
      } else setPayError(errorText(e));
    }
  };

  // the e-contract, which comes back here with this cart
  const back = page.url.split('?')[0] + queryString(cartPairs({ storeId, quantity, scheduleId, salesmanId, startDate, payWay }, page.webview));
  const contractHref = brandPath(page, contractPath || `/e-contract/${storeId}`) + queryString([['back', back], ['from', page.webview ? 'app' : '']]);

  const head = <PageHead title={t.title(name, brandName)} description={t.heading} noindex />;
  if (data.offShelf) {
    return (
      <>
        {head}
        <h2 className={heading}>{t.heading}</h2>
        <section className={`${card} ${gone}`} data-testid="off-shelf">
          <p>{t.offShelf}</p>
          <HomeLink className={primaryButton}>
            {common.backToShop}
          </HomeLink>
        </section>
      </>
    );
  }

  const session = course?.scheduleList.find((s) => s.scheduleId === scheduleId);
  const confirmRows = (a: PrecheckAnswer): [string, string][] => {
    const rows: [string, string][] = [
      [tc.item, a.name],
      [tc.store, store?.storeName ?? ''],
      [tc.quantity, String(a.quantity)],
    ];
    if (session) rows.push([t.schedule, `${dateWithWeekday(session.scheduleDate, session.weekday)} ${timeRange(session.startTime, session.endTime)}`]);
    if (a.startDate) rows.push([tc.startDate, day(a.startDate)]);
    const sm = salesmen.find((s) => s.salesmanId === salesmanId);
    if (sm) rows.push([tc.salesman, sm.name]);
    rows.push([tc.payWay, way ? t.payWays[way.payWay] : '']);
    return rows;
  };

  const v = it ? validity(it.validityValue, it.validityUnit) : '';
  const g = it ? grants(it) : '';
  return (
    <>
      {head}
      <h2 className={heading}>{t.heading}</h2>
      <form className={form} data-testid="checkout" noValidate onSubmit={(e) => (e.preventDefault(), void check())}>
        <section className={`${card} ${summary}`} aria-label={t.summary}>
          <h3 data-testid="checkout-name">{name}</h3>
          <dl className={factList}>
            {it ? (
              <>
                <dt>{ti.typeTitles[it.type]}</dt>
                <dd>{[g, v].filter(Boolean).join('・') || '—'}</dd>
                <dt>{t.activation}</dt>
                <dd>{activationText(it)}</dd>
              </>
            ) : null}
            <dt>{t.unitPrice}</dt>
            <dd data-testid="unit-price">{price(unitPrice)}</dd>
          </dl>
        </section>

        <section className={formStyle}>
          <h3 className={sectionTitle}>{t.options}</h3>
          {data.stores.length > 0 ? (
            <fieldset className={group}>
              <legend>{t.store}</legend>
              {data.stores.map((s) => (
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
          {course && seats.length > 0 ? (
            <Select label={t.schedule} value={String(scheduleId)} onChange={(v) => setScheduleId(Number(v))}>
              {seats.map((s) => (
                <option key={s.scheduleId} value={s.scheduleId}>
                  {`${dateWithWeekday(s.scheduleDate, s.weekday)} ${timeRange(s.startTime, s.endTime)} ${s.teacherName}`}
                </option>
              ))}
            </Select>
          ) : null}
          {data.maxQuantity > 1 ? (
            <QuantityStepper label={t.quantity} less={t.decrease} more={t.increase} value={quantity} min={1} max={data.maxQuantity} onChange={setQuantity} />
          ) : null}
          {custom ? (
            <Field
              label={t.startDate}
              type="date"
              name="startDate"
              required
              min={data.today}
              max={data.maxStartDate}
              value={startDate}
              hint={t.startDateHint(day(data.maxStartDate))}
              onChange={(e) => setStartDate(e.target.value)}
            />
          ) : null}
          {salesmen.length > 0 ? (
            <Select label={t.salesman} value={String(salesmanId)} onChange={(v) => setSalesmanId(Number(v))}>
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
                <input type="radio" name="payWay" value={w.payWay} checked={w.payWay === payWay} onChange={() => setPayWay(w.payWay)} />
                <span>{w.payWay === '1' ? t.recurringWay(data.item?.recurringPeriods ?? 0) : t.payWays[w.payWay]}</span>
              </label>
            ))}
          </fieldset>
          {payWay === 'ACH' && data.achAgreement ? (
            <ACHForm value={achFields} onChange={setAchFields}>
              <TermsCheckbox checked={achAgreed} onChange={setAchAgreed} name="achAgree" lead={ta.agreeLead}
                docs={[[ta.agreement, { title: ta.agreement, text: data.achAgreement.text }]]} />
            </ACHForm>
          ) : null}
        </section>

        <PaymentHint />

        <TermsCheckbox
          checked={accepted}
          onChange={setAccepted}
          lead={t.termsAgree + ' '}
          and={t.and}
          docs={[
            [t.termsLink, 'terms'],
            [t.refundLink, 'refund'],
          ]}
        />

        <div className={totalRow}>
          <span>{t.total}</span>
          <strong data-testid="checkout-total">{price(unitPrice * quantity)}</strong>
        </div>
        <FormError>{error}</FormError>
        <button type="submit" className={primaryButton} aria-busy={busy}>
          {t.submit}
        </button>
      </form>

      <Suspense fallback={null}>
        {shown?.dialog === 'confirm' ? (
          <ConfirmDialog rows={confirmRows(shown.answer)} total={price(shown.answer.amount)} busy={busy} error={payError} onConfirm={() => void pay()} onClose={() => setShown(null)} />
        ) : shown ? (
          <RefusalDialog
            kind={shown.dialog}
            message={shown.message}
            shopHref={page.nav.home}
            contractHref={contractHref}
            email={page.user?.email ?? ''}
            onReload={() => (setShown(null), refresh())}
            onClose={() => setShown(null)}
          />
        ) : null}
      </Suspense>
    </>
  );
}
