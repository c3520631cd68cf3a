import type { AccessRequest, RequestRole } from '@podz/proto';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormError, TextArea } from '../../../components/ui/field';
import { ErrorState, Spinner } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../../stores/session-store';
import { useUi } from '../../../stores/ui-store';
import { useAskForAccess, useMyRequest, useWithdrawRequest } from '../api/requests-api';

const ROLE_COPY: Record<RequestRole, { title: string; pitch: string }> = {
  owner: {
    title: 'Become a podcaster',
    pitch: 'Podcasters add their own shows to the network and publish episodes.',
  },
  guest: {
    title: 'Become a guest',
    pitch: 'Guests appear on episodes and find them all under Guest PODZ.',
  },
};

const STATUS_STYLE: Record<AccessRequest['status'], string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-red-100 text-red-900',
};

/** One role a user may ask for: the ask form, or the state of the request already made. */
export function AccessRequestCard({ role }: { role: RequestRole }) {
  const access = useSession((state) => state.user?.access ?? []);
  const holds = access.includes(role);
  // A review reaches this card (and a grant the session) through the realtime bridge.
  const request = useMyRequest(role, { enabled: !holds });
  const ask = useAskForAccess(role);
  const withdraw = useWithdrawRequest(role);
  const confirm = useUi((state) => state.confirm);
  const toast = useUi((state) => state.toast);
  const [message, setMessage] = useState('');

  const copy = ROLE_COPY[role];
  const onAsk = (event: FormEvent) => {
    event.preventDefault();
    ask.mutate(message, { onSuccess: () => toast('Your request was sent') });
  };
  const onWithdraw = async (id: string) => {
    if (
      !(await confirm({
        title: 'Withdraw request?',
        message: 'Your request will be deleted.',
        confirmLabel: 'Delete',
      }))
    )
      return;
    withdraw.mutate(id, {
      onSuccess: () => toast('Your request was withdrawn'),
      onError: (error) => toast(errorMessage(error), 'error'),
    });
  };

  return (
    <section aria-labelledby={`request-${role}`} className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 id={`request-${role}`} className="text-lg font-semibold text-slate-900">
        {copy.title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{copy.pitch}</p>
      <div className="mt-4">
        {holds ? (
          <p className="font-medium text-emerald-700">You have this access.</p>
        ) : request.isPending ? (
          <Spinner />
        ) : request.isError ? (
          <ErrorState error={request.error} onRetry={() => void request.refetch()} />
        ) : request.data && request.data.status !== 'rejected' ? (
          <div className="grid gap-3">
            <p>
              Request sent {formatDate(request.data.createdAt)}:{' '}
              <span
                data-testid={`request-status-${role}`}
                className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${STATUS_STYLE[request.data.status]}`}
              >
                {request.data.status}
              </span>
            </p>
            {request.data.status === 'pending' && (
              <div>
                <Button
                  variant="secondary"
                  disabled={withdraw.isPending}
                  onClick={() => request.data && void onWithdraw(request.data.id)}
                >
                  Withdraw request
                </Button>
              </div>
            )}
          </div>
        ) : (
          <form onSubmit={onAsk} className="grid gap-3" aria-label={copy.title}>
            {request.data?.status === 'rejected' && (
              <p className="text-sm text-red-800">
                Your last request was declined
                {request.data.review?.note ? `: “${request.data.review.note}”` : '.'} You may ask again.
              </p>
            )}
            <TextArea
              label="Tell us about yourself (optional)"
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              maxLength={2000}
            />
            <FormError message={ask.isError ? errorMessage(ask.error) : undefined} />
            <div>
              <Button type="submit" disabled={ask.isPending}>
                {ask.isPending ? 'Sending…' : 'Send request'}
              </Button>
            </div>
          </form>
        )}
      </div>
    </section>
  );
}
