// Introduction of a term schedule (/{brandId}/termSchedule/{termScheduleId}/intro)
// or of one of its classes (.../{scheduleId}/intro).
import { css } from '@emotion/css';
import { usePage } from '../lib/page-context';
import { Link } from '../lib/navigation';
import { PageHead } from '../lib/page-head';
import { Picture } from '../ui/picture';
import { Crumbs } from '../features/catalogue/components/crumbs';
import { paragraphs, prose } from '../features/catalogue/components/page-parts';
import { heading, sectionTitle } from '../ui/section-title';
import { card } from '../ui/card';
import { breadcrumbs } from '../lib/json-ld';
import { price } from '../lib/format';
import { fullDate } from '../ui/date';
import { termCanonical, termPath } from '../features/term/rules';
import { ClassSlot } from '../features/term/components/class-slot';
import type { TermScheduleData } from '../contract/props';
import { term as t } from '../strings/zh-hant-catalogue';
import { colour, keepWords } from '../ui/theme';

const hero = css`width: 100%; height: auto; aspect-ratio: 21 / 9; object-fit: cover; border-radius: 14px; margin-bottom: 16px;`;
const period = css`color: ${colour.muted}; margin: -6px 0 14px;`;
const list = css`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  gap: 8px;
  a { display: flex; justify-content: space-between; gap: 12px; text-decoration: none; }
  a:hover b { color: var(--brand); }
  span { color: ${colour.muted}; font-size: 14px; }
`;

export default function TermIntro({ data }: { data: TermScheduleData }) {
  const page = usePage();
  const term = data.termSchedule;
  const one = page.params.scheduleId ? term.scheduleList[0] : undefined;
  const base = `/termSchedule/${term.termScheduleId}`;
  const path = (one ? `${base}/${one.scheduleId}` : base) + '/intro';
  const name = one ? one.name : term.name;
  const trail: [string, string][] = [[t.heading, '/termSchedule']];
  if (one) trail.push([one.name, `${base}/${one.scheduleId}`]);
  trail.push([t.intro, path]);
  return (
    <>
      <PageHead
        title={t.introTitle(name, page.brand!.settings.brandName)}
        description={((one?.intro ? one.intro + ' ' : '') + term.intro).replace(/\s+/g, ' ').slice(0, 150)}
        path={termCanonical(page, path)}
        image={term.image}
        jsonLd={[breadcrumbs(page, trail)]}
      />
      <Crumbs trail={trail} />
      {term.image ? <Picture className={hero} src={term.image} alt={term.name} width={820} height={351} sizes="(min-width: 852px) 820px, calc(100vw - 32px)" eager /> : null}
      <h2 className={heading}>{name}</h2>
      <p className={period}>{t.period(fullDate(term.startDate), fullDate(term.endDate))}</p>
      {one?.intro ? (
        <>
          <h2 className={sectionTitle}>{t.classIntro}</h2>
          <p>{one.intro}</p>
        </>
      ) : null}
      <h2 className={sectionTitle}>{t.intro}</h2>
      <div className={prose}>
        {paragraphs(term.intro).map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
      <h2 className={sectionTitle}>{one ? t.viewClass : t.classes(term.scheduleList.length)}</h2>
      <ul className={`${card} ${list}`}>
        {term.scheduleList.map((c) => (
          <li key={c.scheduleId}>
            <Link href={termPath(page, `${base}/${c.scheduleId}`)}>
              <b className={keepWords}>{c.name}</b>
              <span>
                <ClassSlot c={c} />・{price(c.price)}
              </span>
            </Link>
          </li>
        ))}
        <li>
          <Link href={termPath(page, '/termSchedule')}>
            <span>{t.backToList}</span>
          </Link>
        </li>
      </ul>
    </>
  );
}
