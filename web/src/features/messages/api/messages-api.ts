import { MESSAGES_PAGE_SIZE, type Conversation, type Message, type Paginated } from '@podz/proto';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

interface Sent {
  conversation: Conversation;
  message: Message;
}

export function useConversations() {
  return useQuery({
    queryKey: queryKeys.conversations.all,
    queryFn: ({ signal }) => apiFetch<Paginated<Conversation>>('/api/conversations?limit=50', { signal }),
  });
}

/** A thread, newest page first; older pages load on demand (`before` the oldest message). */
export function useThread(conversationId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.conversations.thread(conversationId),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<{ items: Message[]; hasMore: boolean }>(
        `/api/conversations/${conversationId}/messages?limit=${MESSAGES_PAGE_SIZE}${pageParam ? `&before=${pageParam}` : ''}`,
        { signal },
      ),
    getNextPageParam: (last) => (last.hasMore ? last.items[last.items.length - 1]?.id : undefined),
  });
}

export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      conversationId,
      recipientId,
      text,
      idempotencyKey,
    }: {
      conversationId?: string;
      recipientId?: string;
      text: string;
      /** One per draft: a resend after a lost answer is not delivered twice. */
      idempotencyKey: string;
    }) =>
      conversationId
        ? apiFetch<Sent>(`/api/conversations/${conversationId}`, {
            method: 'POST',
            body: { text },
            idempotencyKey,
          })
        : apiFetch<Sent>('/api/conversations', {
            method: 'POST',
            body: { recipientId, text },
            idempotencyKey,
          }),
    onSuccess: (sent) => {
      void client.invalidateQueries({ queryKey: queryKeys.conversations.all });
      void client.invalidateQueries({ queryKey: queryKeys.conversations.thread(sent.conversation.id) });
    },
  });
}

/** Marks a conversation read; the server pushes the new badge count to every tab. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) =>
      apiFetch<Conversation>(`/api/conversations/${conversationId}`, { method: 'PUT' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.conversations.all, exact: true }),
  });
}
