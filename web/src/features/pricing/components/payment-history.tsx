import type { Payment } from '@podz/proto';
import { QueryState } from '../../../components/ui/query-state';
import { formatDate, formatMoney } from '../../../lib/format';
import { usePayments } from '../api/pricing-api';

const STATE_LABEL: Record<Payment['state'], string> = {
  created: 'Not paid',
  capturing: 'Being confirmed',
  completed: 'Paid',
  refused: 'Refused',
  failed: 'Failed',
};

/** A user's payments, newest first: the member's own on /settings, anyone's for an admin on /users. */
export function PaymentHistory({ userId, label = 'Payments' }: { userId?: string; label?: string }) {
  const payments = usePayments(userId);
  return (
    <QueryState
      query={payments}
      loadingLabel="Loading payments…"
      isEmpty={(data) => data.items.length === 0}
      empty="No payments yet."
    >
      {(data) => (
        <table aria-label={label} className="w-full text-left text-sm">
          <thead className="text-slate-600">
            <tr>
              <th className="py-1 pr-3 font-semibold">Date</th>
              <th className="py-1 pr-3 font-semibold">Plan</th>
              <th className="py-1 pr-3 font-semibold">Amount</th>
              <th className="py-1 font-semibold">State</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((payment) => (
              <tr key={payment.id} className="border-t border-slate-200 text-slate-800">
                <td className="py-1 pr-3">{formatDate(payment.completedAt ?? payment.createdAt)}</td>
                <td className="py-1 pr-3">
                  {payment.planName}, {payment.kind === 'renewal' ? 'renewed for a' : 'one'}{' '}
                  {payment.interval}
                </td>
                <td className="py-1 pr-3">{formatMoney(payment.amount, payment.currency)}</td>
                <td className="py-1" title={payment.reason ?? undefined}>
                  {STATE_LABEL[payment.state]}
                  {payment.reason ? `: ${payment.reason}` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </QueryState>
  );
}
