import type { Notification } from '@podz/proto';
import { Link } from 'react-router-dom';
import { Dropdown } from '../../../components/ui/dropdown';
import { MenuIcon } from '../../../components/ui/menu-icons';
import { formatMessageTime } from '../../../lib/format';
import { useBell, useMarkRead } from '../api/notifications-api';

function Item({ item, onOpen }: { item: Notification; onOpen: () => void }) {
  return (
    <li>
      <Link
        to={item.href}
        onClick={onOpen}
        className={`block rounded-md px-3 py-2 text-sm hover:bg-slate-100 ${item.read ? 'text-slate-600' : 'bg-indigo-50 text-slate-900'}`}
        data-read={item.read}
      >
        <span className="flex items-start gap-2">
          {!item.read && (
            <span className="mt-1.5 size-2 shrink-0 rounded-full bg-indigo-600" aria-label="unread" />
          )}
          <span className="min-w-0 flex-1">
            <span className="block font-medium">{item.title}</span>
            {item.body && <span className="block truncate text-slate-600">{item.body}</span>}
            <span className="block text-xs text-slate-500">{formatMessageTime(item.createdAt)}</span>
          </span>
        </span>
      </Link>
    </li>
  );
}

/**
 * Spec §2's bell: the member's notifications, newest first, with the unread count on the icon.
 * Opening one marks it read; pushes (realtime-bridge) keep the list and the count current in
 * every tab.
 */
export function NotificationBell() {
  const bell = useBell();
  const markRead = useMarkRead();
  const unread = bell.data?.unread ?? 0;
  return (
    <Dropdown
      align="right"
      buttonLabel={unread ? `Notifications: ${unread} unread` : 'Notifications'}
      buttonClassName="relative rounded-full p-2 text-slate-700 hover:bg-slate-100"
      label={
        <>
          <MenuIcon name="bell" className="size-6" />
          {unread > 0 && (
            <span
              className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-rose-600 px-1 text-center text-xs leading-5 font-bold text-white"
              data-testid="bell-count"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </>
      }
    >
      {(close) => (
        <div className="w-80 max-w-[calc(100vw-2rem)]" role="region" aria-label="Notifications">
          <div className="flex items-center justify-between px-3 py-2">
            <span className="text-sm font-semibold text-slate-900">Notifications</span>
            <button
              type="button"
              className="text-xs font-semibold text-indigo-700 underline disabled:text-slate-400 disabled:no-underline"
              disabled={unread === 0 || markRead.isPending}
              onClick={() => markRead.mutate(undefined)}
            >
              Mark all as read
            </button>
          </div>
          {bell.isPending ? (
            <p className="px-3 py-4 text-sm text-slate-600">Loading…</p>
          ) : bell.isError ? (
            <p className="px-3 py-4 text-sm text-red-700">The notifications could not be loaded.</p>
          ) : bell.data.items.length === 0 ? (
            <p className="px-3 py-4 text-sm text-slate-600">
              Nothing yet. Follow shows to hear of new episodes.
            </p>
          ) : (
            <ul className="max-h-96 space-y-1 overflow-y-auto" aria-label="Notification list">
              {bell.data.items.map((item) => (
                <Item
                  key={item.id}
                  item={item}
                  onOpen={() => {
                    if (!item.read) markRead.mutate([item.id]);
                    close();
                  }}
                />
              ))}
            </ul>
          )}
        </div>
      )}
    </Dropdown>
  );
}
