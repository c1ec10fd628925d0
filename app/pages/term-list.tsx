// Term schedule list (/{brandId}/termSchedule): the current terms, each
// with its classes (weekly slot, sessions, price, seats left).
import { css } from '@emotion/css';
import type { TermListData } from '../contract/props';
import { usePage } from '../lib/page-context';
import { Link } from '../lib/navigation';
import { PageHead } from '../lib/page-head';
import { Picture } from '../ui/picture';
import { Crumbs } from '../features/catalogue/components/crumbs';
import { heading } from '../ui/section-title';
import { EmptyState } from '../ui/empty-state';
import { breadcrumbs, itemList, absolute } from '../lib/json-ld';
import { price } from '../lib/format';
import { fullDate } from '../ui/date';
import { term as t } from '../strings/zh-hant-catalogue';
import { colour, keepWords, radius, shadow, up } from '../ui/theme';
import { termCanonical, termPath } from '../features/term/rules';
import { ClassSlot } from '../features/term/components/class-slot';

const termBox = css`
  background: ${colour.surface};
  border-radius: ${radius};
  box-shadow: ${shadow};
  border: 1px solid ${colour.line};
  overflow: hidden;
  margin-bottom: 20px;
`;
const head = css`
  display: grid;
  ${up(600)} { grid-template-columns: 240px 1fr; }
  img { width: 100%; height: 100%; aspect-ratio: 16 / 9; object-fit: cover; }
  div { padding: 14px 16px; display: grid; gap: 4px; align-content: center; }
  h3 { font-size: 19px; }
  p { color: ${colour.muted}; font-size: 14px; }
  a { color: var(--brand); font-weight: 600; font-size: 14px; }
`;
const classes = css`
  list-style: none;
  margin: 0;
  padding: 0 12px 12px;
  display: grid;
  gap: 8px;
  a {
    display: grid;
    grid-template-columns: 1fr auto;
    gap: 2px 12px;
    padding: 10px 12px;
    border-radius: 10px;
    border: 1px solid ${colour.line};
    text-decoration: none;
  }
  a:hover { border-color: var(--brand); }
  b { font-size: 15px; }
  strong { color: var(--brand); text-align: right; }
  span { font-size: 13px; color: ${colour.muted}; }
`;

export default function TermList({ data }: { data: TermListData }) {
  const page = usePage();
  const brandName = page.brand!.settings.brandName;
  const terms = data.termSchedules;
  return (
    <>
      <PageHead
        title={t.listTitle(brandName)}
        description={t.listDescription(brandName)}
        path={termCanonical(page, '/termSchedule')}
        image={terms[0]?.image}
        jsonLd={[
          breadcrumbs(page, [[t.heading, '/termSchedule']]),
          itemList(terms.flatMap((x) => x.scheduleList.map((c): [string, string] => [c.name, absolute(page, `/termSchedule/${x.termScheduleId}/${c.scheduleId}`)]))),
        ]}
      />
      <Crumbs trail={[[t.heading, '/termSchedule']]} />
      <h2 className={heading}>{t.heading}</h2>
      {terms.length === 0 ? <EmptyState title={t.empty} /> : null}
      {terms.map((x, i) => (
        <section key={x.termScheduleId} className={termBox} aria-labelledby={'term-' + x.termScheduleId} data-testid="term">
          <div className={head}>
            {x.image ? <Picture src={x.image} alt="" width={240} height={135} sizes="(min-width: 600px) 240px, 100vw" eager={i === 0} /> : null}
            <div>
              <h3 id={'term-' + x.termScheduleId}>{x.name}</h3>
              <p>
                {t.period(fullDate(x.startDate), fullDate(x.endDate))}・{t.classes(x.scheduleList.length)}
              </p>
              <Link href={termPath(page, `/termSchedule/${x.termScheduleId}/intro`)}>{t.intro}</Link>
            </div>
          </div>
          <ul className={classes}>
            {x.scheduleList.map((c) => (
              <li key={c.scheduleId}>
                <Link href={termPath(page, `/termSchedule/${x.termScheduleId}/${c.scheduleId}`)} data-testid="term-class">
                  <b className={keepWords}>{c.name}</b>
                  <strong>{price(c.price)}</strong>
                  <span>
                    {c.storeShortName}・<ClassSlot c={c} />
                  </span>
                  <span>{t.seats(c.remaining)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
