// A form's submission state and the refresh after it.
import { useState } from 'react';
import { errorText } from './api';
import { useNavigate } from './navigation';

/** A form's submission: busy while it runs, the error it ended with. */
export function useSubmit(): { busy: boolean; error: string; setError: (e: string) => void; run: (fn: () => Promise<void>) => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const run = async (fn: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      await fn();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

/** Re-reads the current page's props (with the user), keeping the place; resolves once they are on screen. */
export function useRefresh(): () => Promise<void> {
  const navigate = useNavigate();
  return () => navigate(window.location.pathname + window.location.search, { replace: true, keepScroll: true });
}
