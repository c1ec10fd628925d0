// The booking panel of the course and term class pages: pick a date and a
// session (several with module MULTI_BOOKING, booked all or nothing), see
// its seats left (the waiting list when full, module WAITING_LIST: full
// days and sessions say so before a tap) and the cancellation rule a
// booking keeps, choose which entitlement pays (only those that can; the
// best preselected, its cost shown), confirm; the conflict-check dialog
// when the member has another booking then; afterwards add it to a
// calendar. When nothing the member holds can pay: what can be bought for
// the session (session-offers). A visitor logs in first, and comes back to
// the session chosen.
//
// These pages come from the anonymous page cache: the server renders the
// catalogue's sessions only (no seats, nothing of the member), the same as
// the browser's first render; the live seats and the member's state load
// through the API after hydration.
import { useEffect, useId, useRef, useState } from 'react';
import { css } from '@emotion/css';
import type { BookingItem, PaymentChoice, PaymentInfo, Schedule, ScheduleSeat } from '../../../contract/props';
import { bookingCheck, book, newAttemptKey, paymentInfo, scheduleSeats, waitingAdd } from '../api';
import { JustBooked } from './booking-card';
import { SessionOffersBlock } from './session-offers';
import { actionable, byDate, cancelLine, costLine, dayFull, firstDate, noOnlineCancel, sameChoice, seatLine, timingShort, toggle, withLive, type Session } from '../rules';
import { ApiError, errorText } from '../../../lib/api';
import { codes } from '../../../contract/generated/codes';
import { hasModule, Module } from '../../../lib/modules';
import { brandPath, usePage } from '../../../lib/page-context';
import { Link } from '../../../lib/navigation';
import { useUi } from '../../../lib/ui-state';
import { useSubmit } from '../../../lib/use-submit';
import { dateWithWeekday, timeRange } from '../../../ui/date';
import { FormError } from '../../../ui/form-fields';
import { chipButton, primaryButton, secondaryButton, smallButton } from '../../../ui/button';
import { badge, card } from '../../../ui/card';
import { colour, radius, up } from '../../../ui/theme';
import { panel as t } from '../../../strings/zh-hant-booking';

const box = css`
  margin: 20px 0 8px;
  gap: 12px;
  h2 { font-size: 18px; margin: 0; }
  h3 { font-size: 14px; color: ${colour.muted}; font-weight: 600; margin: 4px 0 0; }
  fieldset { border: 0; margin: 0; padding: 0; min-width: 0; }
  legend { font-size: 14px; color: ${colour.muted}; font-weight: 600; padding: 0; margin-bottom: 6px; }
`;
const dates = css`
  display: flex;
  gap: 6px;
  overflow-x: auto;
  padding-bottom: 4px;
  scrollbar-width: thin;
  button { flex: none; }
  button[aria-pressed='true'] { background: var(--brand); border-color: var(--brand); color: var(--brand-on); }
`;
const sessionList = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px;
  grid-template-columns: 1fr;
  ${up(750)} { grid-template-columns: repeat(2, 1fr); }
  button {
    width: 100%;
    display: grid;
    grid-template-columns: auto 1fr auto;
    align-items: center;
    gap: 10px;
    padding: 10px 12px;
    border-radius: 10px;
    border: 1px solid ${colour.line};
    background: ${colour.surface};
    color: ${colour.text};
    text-align: left;
    font-size: 14px;
    cursor: pointer;
  }
  button:disabled { cursor: default; color: ${colour.muted}; background: ${colour.page}; }
  button[aria-pressed='true'] { border: 2px solid var(--brand); padding: 9px 11px; background: var(--brand-tint); }
  time { font-weight: 700; }
  small { color: ${colour.muted}; white-space: nowrap; font-size: 13px; }
`;
const full = css`color: ${colour.danger} !important; font-weight: 600;`;
const mark = css`display: block; font-size: 12px; font-style: normal; color: ${colour.muted};`;
const dayMark = css`margin-left: 4px; font-size: 12px; font-weight: 600;`;
const policy = css`font-size: 14px; margin: 0; padding: 8px 12px; border-radius: 10px; background: ${colour.page};`;
const live = css`font-size: 14px; color: ${colour.muted}; min-height: 1.6em; margin: 0;`;
const options = css`
  display: grid;
  gap: 8px;
  label {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 2px 10px;
    align-items: center;
    padding: 10px 12px;
    border: 1px solid ${colour.line};
    border-radius: 10px;
    font-size: 15px;
    cursor: pointer;
  }
  label:has(input:checked) { border-color: var(--brand); }
  label:has(input:disabled) { cursor: default; color: ${colour.muted}; }
  input { margin: 0; accent-color: var(--brand); }
  small { grid-column: 2; color: ${colour.muted}; font-size: 13px; }
  span { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
`;
const actions = css`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  align-items: center;
  & > button { flex: 1 1 100%; }
  ${up(600)} { & > button { flex: 0 0 auto; } }
`;
const done = css`
  display: grid;
  gap: 8px;
  padding: 12px 14px;
  border-radius: ${radius};
  background: var(--brand-tint);
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 6px; }
  li { display: flex; flex-wrap: wrap; gap: 6px 12px; align-items: center; justify-content: space-between; font-size: 14px; }
`;

export interface BookingPanelProps {
  courseId: number;
  /** The sessions the catalogue lists (rendered on the server too); only these are offered. */
  sessions: Schedule[];
}

export function BookingPanel({ courseId, sessions }: BookingPanelProps) {
  const page = usePage();
  const ui = useUi();
  const headingId = useId();
  const brandId = page.brand!.brandId;
  const mods = page.brand!.settings.additionalModules;
  const multi = hasModule(mods, Module.MULTI_BOOKING);
  const waiting = hasModule(mods, Module.WAITING_LIST);
  const user = page.user;

  const [seats, setSeats] = useState<ScheduleSeat[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const [reload, setReload] = useState(0);
  const [date, setDate] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  // a link may name the session (?session=; the page itself comes from the
  // anonymous cache, whatever its query): chosen once the page is live
  useEffect(() => {
    const id = Number(new URLSearchParams(window.location.search).get('session'));
    if (sessions.some((s) => s.scheduleId === id)) setSelected([id]);
  }, [sessions]);
  const [info, setInfo] = useState<PaymentInfo | null>(null);
  const [choice, setChoice] = useState<PaymentChoice | null>(null);
  const [booked, setBooked] = useState<BookingItem[]>([]);
  const attempt = useRef({ sig: '', key: '' });
  // the result takes focus from the confirm button, which has nothing left to confirm
  const doneRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (booked.length) doneRef.current?.focus();
  }, [booked]);
  const { busy, error, setError, run } = useSubmit();

  // the live seats and the member's own state, after hydration and on every change
  useEffect(() => {
    let on = true;
    scheduleSeats(brandId, courseId).then(
      (s) => on && (setSeats(s), setLoadError('')),
      (e) => on && setLoadError(errorText(e)),
    );
    return () => {
      on = false;
    };
  }, [brandId, courseId, user?.userId, reload]);

  const list = withLive(sessions, seats);
  const now = Date.now();
  const action = (id: number) => {
    const s = list.find((x) => x.scheduleId === id);
    return s ? actionable(s, waiting, now) : 'none';
  };
  const chosen = selected.filter((id) => action(id) !== 'none');
  const bookIds = chosen.filter((id) => action(id) === 'book');
  const waitId = chosen.length === 1 && action(chosen[0]) === 'wait' ? chosen[0] : 0;

  // which entitlements can pay for the (first) chosen session
  const payFor = user && bookIds.length ? bookIds[0] : 0;
  const plansHref = brandPath(page, '/user/timingcard/plans');
  useEffect(() => {
    setInfo(null);
    if (!payFor) return;
    let on = true;
    paymentInfo(brandId, payFor).then(
      (i) => {
        if (!on) return;
        setInfo(i);
        setChoice(i.preselected);
        // only a timing card could pay, but for its minutes: say so, with its plans
        const short = timingShort(i.options, 1);
        if (short) ui.open('timingCardNotEnough', { ...short, plansHref });
      },
      (e) => on && setError(errorText(e)),
    );
    return () => {
      on = false;
    };
  }, [brandId, payFor, setError, ui.open, plansHref]);

  const groups = byDate(list);
  const asked = list.find((s) => s.scheduleId === selected[0]);
  const shownDate = date && groups.some((g) => g[0].scheduleDate === date) ? date : (asked?.scheduleDate ?? firstDate(list, waiting, now));
  const day = groups.find((g) => g[0].scheduleDate === shownDate) ?? [];
  const focus = list.find((s) => s.scheduleId === chosen[chosen.length - 1]);
  const usable = info ? info.options.filter((o) => o.usable) : [];

  const pick = (s: Session) => {
    setError('');
    setBooked([]);
    setDate(s.scheduleDate); // the day stays in view once the session is booked
    if (actionable(s, waiting, now) === 'wait') setSelected([s.scheduleId]);
    else setSelected(toggle(bookIds, s.scheduleId, multi));
  };

  // one attempt keeps its idempotency key until it succeeds or changes
  const bookNow = async (allowConflict: boolean) => {
    const sig = JSON.stringify([bookIds, choice, allowConflict]);
    if (attempt.current.sig !== sig) attempt.current = { sig, key: newAttemptKey() };
    const res = await book(brandId, bookIds, choice, allowConflict, attempt.current.key);
    attempt.current = { sig: '', key: '' };
    // the result says so where it is, with its calendar chips: no snackbar over them
    setBooked(res.bookings);
    setSelected([]);
    setReload((n) => n + 1);
  };
  // a refused attempt (the last seat went meanwhile) reloads the seats too
  const attemptRun = (fn: () => Promise<void>) =>
    run(async () => {
      try {
        await fn();
      } catch (e) {
        setReload((n) => n + 1);
        // the brand books only verified members: offer the verification mail
        if (e instanceof ApiError && e.code === codes.EmailNotVerified && user) ui.open('verifyAccount', { email: user.email });
        throw e;
      }
    });
  const confirm = () =>
    attemptRun(async () => {
      const check = await bookingCheck(brandId, bookIds);
      if (check.conflict) ui.open('conflict', { conflicts: check.conflicts, onContinue: () => void attemptRun(() => bookNow(true)) });
      else await bookNow(false);
    });
  const join = () =>
    attemptRun(async () => {
      const w = await waitingAdd(brandId, waitId);
      setSelected([]);
      setReload((n) => n + 1);
      ui.notify(t.waitingOk(w.position));
    });

  return (
    <section className={`${card} ${box}`} id="booking" tabIndex={-1} aria-labelledby={headingId} data-testid="booking-panel" data-state={seats ? 'live' : 'placeholder'}>
      <h2 id={headingId}>{t.heading}</h2>
      {groups.length === 0 ? <p>{t.noSessions}</p> : null}
      {groups.length > 0 ? (
        <>
          <h3>{t.date}</h3>
          <div className={dates} role="group" aria-label={t.date}>
            {groups.map((g) => (
              <button key={g[0].scheduleDate} type="button" className={chipButton} aria-pressed={g[0].scheduleDate === shownDate} onClick={() => setDate(g[0].scheduleDate)} data-testid="booking-date" data-full={dayFull(g) || undefined}>
                {dateWithWeekday(g[0].scheduleDate, g[0].weekday)}
                {dayFull(g) ? <span className={dayMark}>{t.dayFull}</span> : null}
              </button>
            ))}
          </div>
          <h3>{t.session}</h3>
          {multi ? <p style={{ fontSize: 13, color: colour.muted }}>{t.multiHint}</p> : null}
          <ul className={sessionList}>
            {day.map((s) => {
              const can = actionable(s, waiting, now);
              const line = seatLine(s, can === 'wait');
              return (
                <li key={s.scheduleId}>
                  <button
                    type="button"
                    aria-pressed={chosen.includes(s.scheduleId)}
                    disabled={can === 'none'}
                    onClick={() => pick(s)}
                    data-testid="booking-session"
                    data-schedule-id={s.scheduleId}
                  >
                    <time dateTime={s.scheduleDate + 'T' + s.startTime}>{timeRange(s.startTime, s.endTime)}</time>
                    <span>
                      {s.teacherName}
                      {can === 'book' && s.live && noOnlineCancel(s.live, now) ? (
                        <em className={mark} data-testid="no-online-cancel">
                          {t.noOnlineCancel}
                        </em>
                      ) : null}
                    </span>
                    <small className={s.live?.full && !s.live.myBookingId ? full : undefined}>{line}</small>
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
      <p className={live} aria-live="polite" data-testid="seats-live">
        {loadError ? '' : !seats ? t.loading : focus ? (chosen.length > 1 ? t.selected(chosen.length) + '；' : '') + t.seatsLive(dateWithWeekday(focus.scheduleDate, focus.weekday) + ' ' + focus.startTime, seatLine(focus)) : ''}
      </p>
      {focus?.live && bookIds.includes(focus.scheduleId) ? (
        <p className={policy} data-testid="cancel-policy">
          {cancelLine(focus.live, now)}
        </p>
      ) : null}
      {loadError ? (
        <div className={actions}>
          <FormError>{t.loadFailed}</FormError>
          <button type="button" className={`${secondaryButton} ${smallButton}`} onClick={() => setReload((n) => n + 1)}>
            {t.retry}
          </button>
        </div>
      ) : null}

      {user && bookIds.length > 0 ? (
        <fieldset>
          <legend>{t.pay}</legend>
          {!info ? <p className={live}>{t.payLoading}</p> : null}
          {info && usable.length === 0 ? (
            timingShort(info.options, 1) ? (
              <p className={live}>
                {t.noEntitlement} <Link href={plansHref}>{t.buyPlans}</Link>
              </p>
            ) : (
              <SessionOffersBlock scheduleId={bookIds[0]} />
            )
          ) : null}
          {info && usable.length > 0 ? (
            <div className={options} data-testid="payment-options">
              {usable.map((o) => (
                <label key={o.kind + o.holdingId}>
                  <input type="radio" name="booking-payment" checked={sameChoice(choice, o)} onChange={() => setChoice({ kind: o.kind, holdingId: o.holdingId })} />
                  <span>
                    {o.name}
                    {sameChoice(info.preselected, o) ? <em className={badge}>{t.best}</em> : null}
                  </span>
                  <small>{costLine(o, bookIds.length)}</small>
                </label>
              ))}
            </div>
          ) : null}
        </fieldset>
      ) : null}

      <FormError>{error}</FormError>
      <div className={actions}>
        {!user ? (
          <button type="button" className={primaryButton} onClick={() => ui.open('login', {})}>
            {t.loginToBook}
          </button>
        ) : waitId ? (
          <button type="button" className={primaryButton} disabled={busy} onClick={join} data-testid="join-waiting">
            {t.joinWaiting}
          </button>
        ) : info && usable.length === 0 ? null : (
          <button type="button" className={primaryButton} disabled={busy || !bookIds.length || !info || !choice} onClick={confirm} data-testid="confirm-booking">
            {bookIds.length > 1 ? t.confirmMany(bookIds.length) : t.confirm}
          </button>
        )}
      </div>

      {booked.length ? (
        <div ref={doneRef} className={done} role="status" tabIndex={-1} data-testid="booking-done">
          <p>
            <strong>{booked.length > 1 ? t.bookedManyOk(booked.length) : t.bookedOk}</strong> {t.afterBooking}
          </p>
          <JustBooked booked={booked} />
        </div>
      ) : null}
    </section>
  );
}
