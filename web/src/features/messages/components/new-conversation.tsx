import { MESSAGE_MAX, type UserRef } from '@podz/proto';
import { useState, type FormEvent } from 'react';
import { PeoplePicker } from '../../../components/people-picker';
import { Button } from '../../../components/ui/button';
import { FormError, TextArea } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useSendMessage } from '../api/messages-api';

/** Writes to someone: starts the conversation, or continues the one the two already have. */
export function NewConversation({
  myId,
  onStarted,
  onCancel,
}: {
  myId: string;
  onStarted: (id: string) => void;
  onCancel: () => void;
}) {
  const send = useSendMessage();
  const [recipient, setRecipient] = useState<UserRef[]>([]);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [idempotencyKey] = useState(newIdempotencyKey);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!recipient[0]) return setError('Choose who to write to');
    if (!text.trim()) return setError('Write a message');
    setError(undefined);
    send.mutate(
      { recipientId: recipient[0].id, text, idempotencyKey },
      {
        onSuccess: (sent) => onStarted(sent.conversation.id),
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-4 p-4" aria-label="New conversation">
      <h2 className="font-semibold text-slate-900">New conversation</h2>
      <PeoplePicker label="To" value={recipient} onChange={setRecipient} excludeIds={[myId]} single />
      <TextArea
        label="Message"
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={MESSAGE_MAX}
      />
      <FormError message={error} />
      <div className="flex gap-3">
        <Button type="submit" disabled={send.isPending}>
          Send
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
