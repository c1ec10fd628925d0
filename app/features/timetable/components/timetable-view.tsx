// The timetable: a strip of days (今天, 明天, the rest of the week), a
// store and a course-type filter that apply as they change, and the day's
// sessions in time order, each a link to its course page with the session
// chosen in the booking panel. The day and filters live in the address
// (replaced, not pushed), so a shared link opens the same view; the server
// renders it, and a change loads the same data through the API.
import { useRef, useState } from 'react';
import { css } from '@emotion/css';
import type { TimetableData } from '../../../contract/props';
import { loadTimetable } from '../api';
import { dayLabel, dayName, filterQuery, seatsLine, type TimetableFilter } from '../rules';
import { sessionPath } from '../../../lib/links';
import { brandPath, usePage } from '../../../lib/page-context';
import { Link } from '../../../lib/navigation';
import { hasModule, Module } from '../../../lib/modules';
import { chipButton } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { filterBar, FormError, listMeta } from '../../../ui/form-fields';
import { colour, up } from '../../../ui/theme';
import { timetable as t } from '../../../strings/zh-hant-timetable';

const days = css`
  display: flex;
  gap: 6px;
  overflow-x: auto;
  padding-bottom: 4px;
  margin-bottom: 12px;
  scrollbar-width: thin;
  button { flex: none; min-height: 40px; padding: 6px 14px; font-size: 14px; }
  button[aria-pressed='true'] { background: var(--brand); border-color: var(--brand); color: var(--brand-on); }
`;
const filters = css`
  ${up(600)} { grid-template-columns: repeat(4, 1fr); }
`;
const list = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px;
  &[aria-busy='true'] { opacity: .6; }
  a {
    display: grid;
    grid-template-columns: auto 1fr auto;
    align-items: center;
    gap: 12px;
    min-height: 56px;
    padding: 10px 12px;
    border-radius: 10px;
    border: 1px solid ${colour.line};
    background: ${colour.surface};
    color: ${colour.text};
    text-decoration: none;
  }
  a:hover { border-color: var(--brand); }
  time { font-weight: 700; font-size: 16px; display: grid; white-space: nowrap; }
  time small, span small { font-weight: 400; font-size: 13px; color: ${colour.muted}; }
  span { display: grid; gap: 2px; min-width: 0; }
  b { font-size: 15px; }
  em { font-style: normal; font-size: 13px; white-space: nowrap; color: ${colour.muted}; }
  a[data-full] em { color: ${colour.danger}; font-weight: 600; }
`;

export function TimetableView({ data }: { data: TimetableData }) {
  const page = usePage();
  const brand = page.brand!;
  const stores = brand.settings.storeInfoList;
  const waiting = hasModule(brand.settings.additionalModules, Module.WAITING_LIST);
  const today = data.days[0]?.date ?? data.date;
  const [view, setView] = useState(data);
  const [f, setF] = useState<TimetableFilter>({ date: data.date, storeId: data.storeId, categoryId: data.categoryId });
  const [state, setState] = useState<'ready' | 'loading' | 'failed'>('ready');
  const seq = useRef(0);

  // a change shows at once in the controls and the address; the list follows its answer (a later change wins)
  const apply = (next: TimetableFilter) => {
    setF(next);
    setState('loading');
    history.replaceState(history.state, '', brandPath(page, '/timetable') + filterQuery(next, today));
    const id = ++seq.current;
    loadTimetable(brand.brandId, next).then(
      (v) => {
        if (id !== seq.current) return;
        setView(v);
        setF({ date: v.date, storeId: v.storeId, categoryId: v.categoryId });
        setState('ready');
      },
      () => id === seq.current && setState('failed'),
    );
  };

  return (
    <>
      <div className={days} role="group" aria-label={t.days}>
        {view.days.map((d, i) => (
          <button key={d.date} type="button" className={chipButton} aria-pressed={d.date === f.date} aria-label={dayName(d, i)} onClick={() => apply({ ...f, date: d.date })} data-testid="timetable-day">
            {dayLabel(d, i)}
          </button>
        ))}
      </div>
      {stores.length > 1 || view.categories.length > 1 ? (
        <fieldset className={`${filterBar} ${filters}`}>
          <legend className="visually-hidden">{t.filters}</legend>
          {stores.length > 1 ? (
            <label>
              {t.store}
              <select name="storeId" value={String(f.storeId || '')} onChange={(e) => apply({ ...f, storeId: Number(e.target.value) })}>
                <option value="">{t.all}</option>
                {stores.map((s) => (
                  <option key={s.storeId} value={s.storeId}>
                    {s.storeShortName}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {view.categories.length > 1 ? (
            <label>
              {t.category}
              <select name="categoryId" value={String(f.categoryId || '')} onChange={(e) => apply({ ...f, categoryId: Number(e.target.value) })}>
                <option value="">{t.all}</option>
                {view.categories.map((c) => (
                  <option key={c.categoryId} value={c.categoryId}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </fieldset>
      ) : null}
      <div className={listMeta}>
        <span role="status" data-testid="timetable-count">
          {state === 'loading' ? t.loading : t.count(view.sessions.length)}
        </span>
      </div>
      {state === 'failed' ? <FormError>{t.loadFailed}</FormError> : null}
      {view.sessions.length === 0 && state !== 'failed' ? <EmptyState title={t.empty} hint={t.emptyHint} /> : null}
      <ul className={list} aria-busy={state === 'loading'} data-testid="timetable" data-state={state} data-date={view.date}>
        {view.sessions.map((s) => (
          <li key={s.scheduleId}>
            <Link href={brandPath(page, sessionPath(s))} data-testid="timetable-session" data-schedule-id={s.scheduleId} data-full={s.full || undefined}>
              <time dateTime={s.scheduleDate + 'T' + s.startTime}>
                {s.startTime}
                <small>{s.endTime}</small>
              </time>
              <span>
                <b>{s.courseName}</b>
                <small>{s.teacherName ? s.storeShortName + '・' + s.teacherName : s.storeShortName}</small>
              </span>
              <em>{seatsLine(s, waiting)}</em>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
