import type { SessionUser } from '@podz/proto';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { resendVerification } from '../../../lib/auth-client';

/** Shown to a member whose address is not confirmed yet, with a way to get a new link. */
export function VerificationBanner({ user }: { user: SessionUser }) {
  const [state, setState] = useState<{ busy?: boolean; message?: string }>({});
  if (user.emailVerified !== null) return null;

  const resend = async () => {
    setState({ busy: true });
    try {
      setState({ message: (await resendVerification()).message });
    } catch (failure) {
      setState({ message: errorMessage(failure) });
    }
  };

  return (
    <div
      role="status"
      data-testid="verification-banner"
      className="flex flex-wrap items-center gap-3 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900"
    >
      <span className="flex-1">
        Please confirm your email address: open the link we sent you.
        {state.message && <span className="ml-2 font-medium">{state.message}</span>}
      </span>
      <button
        type="button"
        className="font-semibold underline disabled:opacity-50"
        disabled={state.busy}
        onClick={() => void resend()}
      >
        Send a new link
      </button>
    </div>
  );
}
