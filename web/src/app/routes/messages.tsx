import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { PageHeading } from '../../components/ui/page-heading';
import { Tabs } from '../../components/ui/tabs';
import { QueryState } from '../../components/ui/query-state';
import { holds } from '../../lib/route-access';
import { useSession } from '../../stores/session-store';
import { useConversations } from '../../features/messages/api/messages-api';
import { ConversationList } from '../../features/messages/components/conversation-list';
import { MessageThread } from '../../features/messages/components/message-thread';
import { NewConversation } from '../../features/messages/components/new-conversation';
import { BroadcastForm } from '../../features/messages/components/broadcast-form';
import { SubmissionsInbox } from '../../features/content/components/submissions-inbox';

const ADMIN_VIEWS = [
  ['conversations', 'Conversations'],
  ['inbox', 'Contact and advertise'],
  ['broadcast', 'Broadcast'],
] as const;

/**
 * `/messages`: conversations with unread counts, the open thread (`?c=`), and new conversations.
 * Admins also read what visitors sent through the contact and advertise forms, and broadcast
 * (`?view=`).
 */
export default function MessagesRoute() {
  const isAdmin = useSession((state) => holds(state.user?.access, 'wholeNetwork'));
  const [params, setParams] = useSearchParams();
  const asked = params.get('view');
  const view = ADMIN_VIEWS.find(([name]) => name === asked)?.[0] ?? 'conversations';
  if (!isAdmin) return <Conversations />;
  return (
    <>
      <PageHeading title="Messages" />
      <Tabs
        label="Messages"
        tabs={ADMIN_VIEWS}
        selected={view}
        onSelect={(name) => setParams(name === 'conversations' ? {} : { view: name })}
      />
      {view === 'inbox' ? (
        <SubmissionsInbox />
      ) : view === 'broadcast' ? (
        <BroadcastForm />
      ) : (
        <Conversations bare />
      )}
    </>
  );
}

/** The member's conversations; `bare` leaves out the heading (an admin's tab has its own). */
function Conversations({ bare = false }: { bare?: boolean }) {
  const myId = useSession((state) => state.user?.id ?? '');
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('c') ?? undefined;
  const composing = params.get('new') === 'true';
  const conversations = useConversations();
  const selected = conversations.data?.items.find((conversation) => conversation.id === selectedId);

  return (
    <>
      {bare ? (
        <div className="mb-4 flex justify-end">
          <Button onClick={() => setParams({ new: 'true' })}>New conversation</Button>
        </div>
      ) : (
        <PageHeading
          title="Messages"
          actions={<Button onClick={() => setParams({ new: 'true' })}>New conversation</Button>}
        />
      )}
      <div className="grid overflow-hidden rounded-xl border border-slate-200 bg-white md:grid-cols-[20rem_1fr]">
        <div className={`border-slate-200 md:border-r ${selectedId || composing ? 'hidden md:block' : ''}`}>
          <QueryState
            query={conversations}
            isEmpty={(data) => data.items.length === 0}
            empty="No conversations yet."
          >
            {(data) => (
              <ConversationList
                conversations={data.items}
                myId={myId}
                selectedId={selectedId}
                onSelect={(id) => setParams({ c: id })}
              />
            )}
          </QueryState>
        </div>
        <div className={selectedId || composing ? '' : 'hidden md:block'}>
          {composing ? (
            <NewConversation
              myId={myId}
              onStarted={(id) => setParams({ c: id })}
              onCancel={() => setParams({})}
            />
          ) : selected ? (
            <>
              <button
                type="button"
                className="px-4 pt-3 text-sm text-indigo-700 underline md:hidden"
                onClick={() => setParams({})}
              >
                ← All conversations
              </button>
              <MessageThread key={selected.id} conversation={selected} myId={myId} />
            </>
          ) : (
            <p className="p-8 text-center text-slate-600">Choose a conversation, or start a new one.</p>
          )}
        </div>
      </div>
    </>
  );
}
