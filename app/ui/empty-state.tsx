// An honest empty state: what is missing, and where to get it.
import type { ReactNode } from 'react';
import { css } from '@emotion/css';
import { colour, radius } from './theme';

const box = css`
  text-align: center;
  padding: 40px 16px;
  color: ${colour.muted};
  background: ${colour.surface};
  border: 1px dashed ${colour.line};
  border-radius: ${radius};
  h3 { font-size: 17px; margin: 10px 0 4px; color: ${colour.text}; }
  p { font-size: 14px; margin: 0 0 16px; }
  a { display: inline-block; padding: 8px 20px; border-radius: 999px; background: var(--brand); color: var(--brand-on); text-decoration: none; font-weight: 600; font-size: 14px; }
`;

/**
 * title says what is missing; hint (optional) what to do; action (optional)
 * a link to where to get it. Without a hint it is one quiet line.
 */
export function EmptyState({ title, hint, action }: { title: string; hint?: string; action?: ReactNode }) {
  if (!hint && !action) {
    return (
      <p className={box} data-testid="empty-state">
        {title}
      </p>
    );
  }
  return (
    <div className={box} data-testid="empty-state">
      <svg width="56" height="56" viewBox="0 0 56 56" aria-hidden="true" style={{ margin: '0 auto' }}>
        <rect x="8" y="14" width="40" height="30" rx="6" fill="none" stroke="#cbd2d9" strokeWidth="3" />
        <path d="M8 24h40" stroke="#cbd2d9" strokeWidth="3" />
        <circle cx="28" cy="34" r="3" fill="var(--brand)" />
      </svg>
      <h3>{title}</h3>
      {hint ? <p>{hint}</p> : null}
      {action}
    </div>
  );
}
