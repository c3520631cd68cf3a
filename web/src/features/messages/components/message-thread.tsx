import { MESSAGE_MAX, type Conversation } from '@podz/proto';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorState, Spinner } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { formatMessageTime } from '../../../lib/format';
import { useMarkRead, useSendMessage, useThread } from '../api/messages-api';
import { otherParticipant } from './conversation-list';

/** One conversation: messages oldest to newest, a composer, and "read" as soon as it is seen. */
export function MessageThread({ conversation, myId }: { conversation: Conversation; myId: string }) {
  const thread = useThread(conversation.id);
  const send = useSendMessage();
  const markRead = useMarkRead();
  const [text, setText] = useState('');
  const draftKey = useRef(newIdempotencyKey());
  const bottom = useRef<HTMLLIElement>(null);
  const other = otherParticipant(conversation, myId);
  const messages = (thread.data?.pages ?? []).flatMap((page) => page.items).reverse();
  const newest = messages[messages.length - 1]?.id;

  useEffect(() => {
    if (conversation.unreadCount > 0 && !markRead.isPending) markRead.mutate(conversation.id);
  }, [conversation.id, conversation.unreadCount]);
  // Braces matter: Chromium's scrollIntoView now returns a promise, which React would take for
  // the effect's cleanup and call.
  useEffect(() => {
    void bottom.current?.scrollIntoView({ block: 'end' });
  }, [newest]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    send.mutate(
      { conversationId: conversation.id, text, idempotencyKey: draftKey.current },
      {
        onSuccess: () => {
          setText('');
          draftKey.current = newIdempotencyKey();
        },
      },
    );
  };

  return (
    <section aria-label={`Conversation with ${other.username}`} className="flex h-full min-h-96 flex-col">
      <h2 className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">{other.username}</h2>
      <div className="flex-1 overflow-y-auto px-4 py-3">
        {thread.isPending ? (
          <Spinner label="Loading messages…" />
        ) : thread.isError ? (
          <ErrorState error={thread.error} onRetry={() => void thread.refetch()} />
        ) : (
          <>
            {thread.hasNextPage && (
              <div className="mb-3 text-center">
                <Button
                  variant="ghost"
                  disabled={thread.isFetchingNextPage}
                  onClick={() => void thread.fetchNextPage()}
                >
                  Load earlier messages
                </Button>
              </div>
            )}
            <ol className="grid gap-2" aria-label="Messages" aria-live="polite">
              {messages.map((message) => {
                const mine = message.sender.id === myId;
                return (
                  <li key={message.id} className={`flex ${mine ? 'justify-end' : 'justify-start'}`}>
                    <div
                      className={`max-w-[80%] rounded-2xl px-4 py-2 ${mine ? 'bg-indigo-600 text-white' : 'bg-slate-100 text-slate-900'}`}
                    >
                      {/* Plain text, never markup (the service normalizes it). */}
                      <p className="break-words whitespace-pre-wrap">{message.text}</p>
                      <p className={`mt-1 text-xs ${mine ? 'text-indigo-100' : 'text-slate-600'}`}>
                        {formatMessageTime(message.createdAt)}
                      </p>
                    </div>
                  </li>
                );
              })}
              <li ref={bottom} aria-hidden="true" />
            </ol>
          </>
        )}
      </div>
      <form
        onSubmit={onSubmit}
        className="flex gap-2 border-t border-slate-200 p-3"
        aria-label="Send a message"
      >
        <label htmlFor="message-text" className="sr-only">
          Message
        </label>
        <textarea
          id="message-text"
          rows={2}
          maxLength={MESSAGE_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) onSubmit(event);
          }}
          placeholder={`Write to ${other.username}`}
          className="min-w-0 flex-1 resize-none rounded-md border border-slate-300 px-3 py-2 focus:border-indigo-600 focus:outline-none"
        />
        <Button type="submit" disabled={send.isPending || !text.trim()}>
          Send
        </Button>
      </form>
      {send.isError && (
        <p role="alert" className="px-3 pb-3 text-sm text-red-700">
          {errorMessage(send.error)}
        </p>
      )}
    </section>
  );
}
