// Terms (spec section 2): a document the member accepts, read inside the
// page: the terms of service, privacy or refund policy (app/strings), or a
// text the server sent (the ACH agreement). Its text scrolls in a region
// of at most 610 px (spec section 2); 我已閱讀並同意 accepts it and closes.
import { css } from '@emotion/css';
import { Dialog } from '../../ui/dialog';
import { primaryButton, secondaryButton } from '../../ui/button';
import { colour } from '../../ui/theme';
import { links } from '../links';
import { documents, termsDialog as t } from '../../strings/zh-hant-terms';

/** A fixed document by name, or a text of the server's with its title. */
export type TermsDoc = keyof typeof documents | { title: string; text: string };

const official: Record<keyof typeof documents, string> = {
  terms: links.termsOfService,
  privacy: links.privacyPolicy,
  refund: links.refundPolicy,
};

const updated = css`margin: -4px 0 12px; color: ${colour.muted}; font-size: 13px;`;
const body = css`
  max-height: min(610px, 55vh);
  overflow-y: auto;
  padding: 4px 16px 4px 0;
  border-top: 1px solid ${colour.line};
  border-bottom: 1px solid ${colour.line};
  font-size: 15px;
  line-height: 1.7;
  h3 { font-size: 16px; margin: 16px 0 6px; }
  p { margin: 0 0 10px; }
  pre { white-space: pre-wrap; font: inherit; margin: 12px 0; }
`;
const actions = css`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  justify-content: flex-end;
  margin-top: 16px;
`;
const officialLink = css`display: inline-block; margin-top: 12px; font-size: 13px; color: ${colour.muted};`;

export default function TermsDialog({ doc, onAccept, onClose }: { doc: TermsDoc; onAccept?: () => void; onClose: () => void }) {
  const fixed = typeof doc === 'string' ? documents[doc] : null;
  const title = fixed ? fixed.title : (doc as { title: string }).title;
  return (
    <Dialog title={title} onClose={onClose} testId="terms-dialog">
      {fixed ? <p className={updated}>{t.updated(fixed.updated)}</p> : null}
      <div className={body} tabIndex={0} role="region" aria-label={t.body(title)} data-testid="terms-text">
        {fixed ? (
          fixed.sections.map((s) => (
            <section key={s.heading}>
              <h3>{s.heading}</h3>
              {s.paragraphs.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </section>
          ))
        ) : (
          <pre>{(doc as { text: string }).text}</pre>
        )}
      </div>
      <div className={actions}>
        <button type="button" className={secondaryButton} onClick={onClose}>
          {t.close}
        </button>
        {onAccept ? (
          <button type="button" className={primaryButton} onClick={() => {
            onAccept();
            onClose();
          }}>
            {t.accept}
          </button>
        ) : null}
      </div>
      {typeof doc === 'string' ? (
        <a className={officialLink} href={official[doc]} target="_blank" rel="noopener">
          {t.official}
        </a>
      ) : null}
    </Dialog>
  );
}
