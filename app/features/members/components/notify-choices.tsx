// The member centre's 通知方式, inside the LINE section of a member who
// linked LINE, where the brand has a LINE Official Account: for each kind of notification, LINE or e-mail (or, for the
// class reminder only, none); each change is saved at once. A member who is not a friend of that account is told
// LINE waits for the friendship, with the add-friend link.
import { useEffect, useState } from 'react';
import { css } from '@emotion/css';
import type { NotifyChoice, NotifyChoices as Choices } from '../../../contract/props';
import { errorText } from '../../../lib/api';
import { useUi } from '../../../lib/ui-state';
import { notify as t } from '../../../strings/zh-hant-members';
import { FormError } from '../../../ui/form-fields';
import { colour } from '../../../ui/theme';
import { notifyChoices, setNotifyChoice } from '../api';

const list = css`
  list-style: none;
  margin: 0 0 12px;
  padding: 0;
  li { display: flex; align-items: center; justify-content: space-between; gap: 12px; padding: 8px 0; border-top: 1px solid ${colour.line}; }
  label { font-size: 15px; }
  select { font-size: 16px; min-height: 44px; padding: 0 8px; }
`;

export function NotifyChoices({ brandId }: { brandId: string }) {
  const ui = useUi();
  const [choices, setChoices] = useState<Choices | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    notifyChoices(brandId).then(setChoices, () => setChoices(null));
  }, [brandId]);
  if (!choices?.lineOffered) return null;
  const change = async (kind: NotifyChoice['kind'], channel: NotifyChoice['channel']) => {
    setBusy(true);
    setError('');
    try {
      setChoices(await setNotifyChoice(brandId, kind, channel));
      ui.notify(t.saved);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="notify-choices">
      <h4>{t.title}</h4>
      <p>{t.lead}</p>
      {choices.notFriend ? (
        <p data-testid="notify-not-friend">
          {t.notFriend}
          {choices.addFriendUrl ? <> <a href={choices.addFriendUrl} target="_blank" rel="noopener">{t.addFriend}</a></> : null}
        </p>
      ) : null}
      <ul className={list}>
        {choices.choices.map((c) => (
          <li key={c.kind}>
            <label htmlFor={'notify-' + c.kind}>{t.kinds[c.kind]}</label>
            <select id={'notify-' + c.kind} name={'notify-' + c.kind} value={c.channel} disabled={busy}
              onChange={(e) => change(c.kind, e.target.value as NotifyChoice['channel'])}>
              <option value="line">{t.channels.line}</option>
              <option value="email">{t.channels.email}</option>
              {c.mayTurnOff ? <option value="off">{t.channels.off}</option> : null}
            </select>
          </li>
        ))}
      </ul>
      <FormError>{error}</FormError>
    </div>
  );
}
