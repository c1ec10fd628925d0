// Index (/): the service's landing page; in the dev environment, the demo
// brands whose shops have a page to open.
import { css } from '@emotion/css';
import { PageHead } from '../lib/page-head';
import { index as t } from '../strings/zh-hant';
import { colour, radius, shadow, up } from '../ui/theme';
import type { IndexData } from '../contract/props';


const heading = css`
  font-size: 22px;
  margin: 12px 0 16px;
`;
const list = css`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  gap: 12px;
  ${up(600)} { grid-template-columns: repeat(2, 1fr); }
  a {
    display: flex;
    align-items: center;
    gap: 12px;
    padding: 14px;
    border-radius: ${radius};
    background: ${colour.surface};
    box-shadow: ${shadow};
    text-decoration: none;
    font-weight: 600;
  }
  img { width: 40px; height: 40px; border-radius: 10px; object-fit: contain; }
`;

export default function IndexPage({ data }: { data: IndexData }) {
  return (
    <>
      <PageHead title={t.title} description={t.description} path="/" />
      {data.listed ? <h2 className={heading}>{t.heading}</h2> : <h2 className={heading}>{t.title}</h2>}
      {!data.listed ? <p>{t.landing}</p> : data.brands.length === 0 ? <p>{t.empty}</p> : null}
      <ul className={list}>
        {data.brands.map((b) => (
          <li key={b.brandId}>
            <a href={b.href}>
              {b.appLogo ? <img src={b.appLogo} alt="" width={40} height={40} /> : null}
              {b.brandName}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
