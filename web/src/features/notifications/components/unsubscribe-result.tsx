import type { Unsubscribed } from '@podz/proto';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { unsubscribe } from '../api/notifications-api';

type State =
  { kind: 'working' } | { kind: 'done'; result: Unsubscribed } | { kind: 'failed'; message: string };

/** The mail's unsubscribe link lands here: one click, done, without signing in. */
export function UnsubscribeResult({ token }: { token: string | null }) {
  const [state, setState] = useState<State>(
    token
      ? { kind: 'working' }
      : { kind: 'failed', message: 'This page opens from the link in a PODZ mail.' },
  );
  useEffect(() => {
    if (!token) return;
    let live = true;
    unsubscribe(token).then(
      (result) => live && setState({ kind: 'done', result }),
      (failure: unknown) => live && setState({ kind: 'failed', message: errorMessage(failure) }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  if (state.kind === 'working') return <p role="status">Unsubscribing…</p>;
  if (state.kind === 'failed')
    return (
      <p role="alert" className="text-red-700">
        {state.message}
      </p>
    );
  return (
    <p role="status" className="text-slate-800">
      Done: you will get no more mail for “{state.result.label}”. You can turn it on again under Settings.
    </p>
  );
}
