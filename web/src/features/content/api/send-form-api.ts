// Sending the contact and advertise forms: apart from content-api, which the home page reads, so
// the mutation code stays out of the first load of `/`.
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export function useSendForm(kind: 'contact' | 'advertise') {
  return useMutation({
    mutationFn: (body: Record<string, string>) =>
      apiFetch<{ id: string; receivedAt: string }>(`/api/content/forms/${kind}`, { method: 'POST', body }),
  });
}
