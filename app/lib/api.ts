// The API client: same-origin calls with credentials, the envelope
// {errorCode, message, data} unwrapped. A failure throws ApiError with the
// catalogue's code and its Traditional Chinese message (the server sends
// it; an unknown code's message is empty and falls back to a general text).
import type { ApiEnvelope } from '../contract/props';
import { account as t } from '../strings/zh-hant';

export class ApiError extends Error {
  constructor(
    public code: number,
    message: string,
    public status: number,
  ) {
    super(message);
  }
}

export interface CallOptions {
  method?: 'GET' | 'POST';
  /** JSON body (POST). */
  body?: unknown;
  query?: Record<string, string | number | undefined>;
}

export async function call<T = unknown>(path: string, opts: CallOptions = {}): Promise<T> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) q.set(k, String(v));
  const url = path + (q.size ? '?' + q.toString() : '');
  let res: Response;
  try {
    res = await fetch(url, {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      credentials: 'same-origin',
      headers: opts.body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
  } catch {
    throw new ApiError(0, t.networkError, 0);
  }
  let env: ApiEnvelope<T>;
  try {
    env = (await res.json()) as ApiEnvelope<T>;
  } catch {
    throw new ApiError(0, t.genericError, res.status);
  }
  if (!res.ok || env.errorCode !== 0) throw new ApiError(env.errorCode, env.message || t.genericError, res.status);
  return env.data;
}

/** The message to show for any thrown value. */
export function errorText(e: unknown): string {
  return e instanceof ApiError ? e.message : t.genericError;
}
