import type { Payment } from '@podz/proto';
import type { PaymentRecord } from '../data/payment-repository';

/** A payment as the API answers it. */
export function paymentView(record: PaymentRecord): Payment {
  return {
    id: record.id,
    userId: record.userId,
    plan: record.plan,
    planName: record.planName,
    amount: record.amount,
    currency: record.currency as Payment['currency'],
    interval: record.interval as Payment['interval'],
    kind: (record.kind ?? 'checkout') as Payment['kind'],
    state: record.state as Payment['state'],
    reason: record.reason ?? null,
    orderId: record.orderId,
    captureId: record.captureId ?? null,
    createdAt: record.createdAt.toISOString(),
    completedAt: record.completedAt ? record.completedAt.toISOString() : null,
  };
}
