// An honest empty state: what is missing, and where to get it.
import { css } from '@emotion/css';
import { Link } from '../lib/navigation';
import { colour, radius } from './theme';

const box = css`
  text-align: center;
  padding: 40px 16px;
  background: ${colour.surface};
  border: 1px dashed ${colour.line};
  border-radius: ${radius};
  h3 { font-size: 17px; margin: 10px 0 4px; }
  p { color: ${colour.muted}; font-size: 14px; margin: 0 0 16px; }
  a { display: inline-block; padding: 8px 20px; border-radius: 999px; background: var(--brand); color: #fff; text-decoration: none; font-weight: 600; font-size: 14px; }
`;

export function EmptyState({ title, hint, action, href }: { title: string; hint: string; action?: string; href?: string }) {
  return (
    <div className={box} data-testid="empty-state">
      <svg width="56" height="56" viewBox="0 0 56 56" aria-hidden="true">
        <rect x="8" y="14" width="40" height="30" rx="6" fill="none" stroke="#cbd2d9" strokeWidth="3" />
        <path d="M8 24h40" stroke="#cbd2d9" strokeWidth="3" />
        <circle cx="28" cy="34" r="3" fill="var(--brand)" />
      </svg>
      <h3>{title}</h3>
      <p>{hint}</p>
      {action && href ? <Link href={href}>{action}</Link> : null}
    </div>
  );
}
