// The order result page's booking: the session a paid purchase was made to
// book, booked once when the page is reached (the host does), with its
// calendar; or, when the session filled or closed while the member paid,
// why, its waiting list (what they bought can wait for it) and the next
// sessions of the course, each booked with what they bought in one tap.
import { useEffect, useState } from 'react';
import { css } from '@emotion/css';
import type { BookRefused, BookingItem, OrderResultData, ScheduleSeat } from '../../../contract/props';
import { orderBooking, scheduleSeats, waitingAdd } from '../api';
import { JustBooked } from './booking-card';
import { codes } from '../../../contract/generated/codes';
import { hasModule, Module } from '../../../lib/modules';
import { usePage } from '../../../lib/page-context';
import { useSubmit } from '../../../lib/use-submit';
import { dateWithWeekday } from '../../../ui/date';
import { FormError } from '../../../ui/form-fields';
import { secondaryButton } from '../../../ui/button';
import { card } from '../../../ui/card';
import { colour } from '../../../ui/theme';
import { orderBooking as t, panel } from '../../../strings/zh-hant-booking';

const box = css`
  display: grid;
  gap: 10px;
  margin-bottom: 20px;
  h3 { font-size: 17px; margin: 0; }
  p { margin: 0; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
  li { display: flex; flex-wrap: wrap; gap: 6px 12px; align-items: center; justify-content: space-between; }
  small { color: ${colour.muted}; }
`;

/** How many next sessions are offered. */
const nextShown = 4;

function Booked({ booked }: { booked: BookingItem[] }) {
  return (
    <section className={`${card} ${box}`} role="status" data-testid="order-booked">
      <h3>{t.bookedTitle}</h3>
      <JustBooked booked={booked} />
    </section>
  );
}

function Refused({ orderNo, refused, onBooked }: { orderNo: string; refused: BookRefused; onBooked: (r: OrderResultData) => void }) {
  const page = usePage();
  const brandId = page.brand!.brandId;
  const canWait = refused.code === codes.SessionFull && !refused.seat && hasModule(page.brand!.settings.additionalModules, Module.WAITING_LIST);
  const [next, setNext] = useState<ScheduleSeat[] | null>(null);
  const [waiting, setWaiting] = useState(0);
  const { busy, error, run } = useSubmit();
  useEffect(() => {
    let on = true;
    if (!refused.courseId) return setNext([]);
    scheduleSeats(brandId, refused.courseId).then(
      (list) => on && setNext(list.filter((s) => s.bookableNow && s.scheduleId !== refused.scheduleId).slice(0, nextShown)),
      () => on && setNext([]),
    );
    return () => {
      on = false;
    };
  }, [brandId, refused.courseId, refused.scheduleId]);
  const book = (id: number) => run(async () => onBooked(await orderBooking(orderNo, id)));
  const join = () => run(async () => setWaiting((await waitingAdd(brandId, refused.scheduleId)).position));
  return (
    <section className={`${card} ${box}`} data-testid="order-book-refused" data-code={refused.code}>
      <h3>{t.refusedTitle}</h3>
      <p role="alert">{refused.message}</p>
      <p>{refused.seat ? t.seatKept : canWait ? t.kept : t.itemKept}</p>
      {canWait ? (
        waiting ? (
          <p role="status">{t.waitingJoined(waiting)}</p>
        ) : (
          <button type="button" className={secondaryButton} disabled={busy} onClick={join} data-testid="order-join-waiting">
            {t.joinWaiting}
          </button>
        )
      ) : null}
      {canWait ? <p>{t.itemKept}</p> : null}
      {!next ? <small>{t.loading}</small> : next.length === 0 ? <small>{t.noOtherSessions}</small> : null}
      {next?.length ? (
        <ul>
          {next.map((s) => (
            <li key={s.scheduleId}>
              <button type="button" className={secondaryButton} disabled={busy} onClick={() => book(s.scheduleId)} data-testid="order-book-other" data-schedule-id={s.scheduleId}>
                {t.bookSession(`${dateWithWeekday(s.scheduleDate, s.weekday)} ${s.startTime}`)}
              </button>
              {s.seatsLeft !== null ? <small>{panel.seatsLeft(s.seatsLeft)}</small> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <FormError>{error}</FormError>
    </section>
  );
}

/** The booking of a paid order's session, or why not and what else; nothing for an order bought to book none. */
export function OrderBooking({ result, onChange }: { result: OrderResultData; onChange: (r: OrderResultData) => void }) {
  if (result.booked.length) return <Booked booked={result.booked} />;
  if (result.bookRefused) return <Refused orderNo={result.order.orderNo} refused={result.bookRefused} onBooked={onChange} />;
  return null;
}
