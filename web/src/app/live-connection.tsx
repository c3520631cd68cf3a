import {
  SOCKET_EVENTS,
  SOCKET_PATH,
  type AudioProcessing,
  type Bell,
  type Notification,
  type RequestRole,
} from '@podz/proto';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { withPushed } from '../features/notifications/api/notification-keys';
import { useMessageCount } from '../stores/message-count-store';
import { useProcessing } from '../stores/processing-store';
import { useSession } from '../stores/session-store';
import { queryKeys } from '../lib/query-keys';

/**
 * One Socket.IO connection for a signed-in user (cookie-authenticated through the gateway): it
 * keeps the Messages badge, the bell and any open conversation up to date without reloading. The
 * server sends the count on connect and after every change, so the badge needs no HTTP read of its
 * own. An access change, a request's review or an upload's processing reaches every open tab the
 * same way.
 */
export default function LiveConnection({ userId }: { userId: string }) {
  const setCount = useMessageCount((state) => state.setCount);
  const client = useQueryClient();

  useEffect(() => {
    // Loaded on sign-in only: visitors never download the socket client.
    let socket: { disconnect: () => void } | undefined;
    let stopped = false;
    void import('socket.io-client').then(({ io }) => {
      if (stopped) return;
      const connection = io({
        path: SOCKET_PATH,
        withCredentials: true,
        transports: ['websocket', 'polling'],
      });
      connection.on(SOCKET_EVENTS.messageCount, (payload: { count: number }) => setCount(payload.count));
      const refresh = () => void client.invalidateQueries({ queryKey: queryKeys.conversations.all });
      connection.on(SOCKET_EVENTS.messageNew, refresh);
      connection.on(SOCKET_EVENTS.conversationUpdated, refresh);
      // The bell: a new notification, or the count after a read in another tab.
      connection.on(
        SOCKET_EVENTS.notificationNew,
        (payload: { notification: Notification; unread: number }) =>
          client.setQueryData<Bell>(queryKeys.notifications.bell, (bell) =>
            withPushed(bell, payload.notification, payload.unread),
          ),
      );
      connection.on(
        SOCKET_EVENTS.notificationCount,
        () => void client.invalidateQueries({ queryKey: queryKeys.notifications.bell }),
      );
      // An uploaded file's processing moved on; once it ends, the library shows what it made.
      connection.on(SOCKET_EVENTS.mediaProcessing, (payload: { id: string; processing: AudioProcessing }) => {
        useProcessing.getState().pushed(payload.id, payload.processing);
        if (payload.processing.state === 'done' || payload.processing.state === 'failed') {
          void client.invalidateQueries({ queryKey: queryKeys.media.all });
        }
      });
      connection.on(
        SOCKET_EVENTS.mediaChanged,
        () => void client.invalidateQueries({ queryKey: queryKeys.media.all }),
      );
      // Access changed (sent once identity applied it): menus and guards follow the new session.
      connection.on(SOCKET_EVENTS.sessionChanged, () => void useSession.getState().refresh());
      connection.on(
        SOCKET_EVENTS.requestReviewed,
        (payload: { role: RequestRole }) =>
          void client.invalidateQueries({ queryKey: queryKeys.requests.mine(payload.role) }),
      );
      // The bell (and an open conversation list) were read over HTTP before this socket joined its
      // room: what changed in between was pushed to nobody, so every connect reads them again.
      connection.on('connect', () => {
        void client.invalidateQueries({ queryKey: queryKeys.notifications.bell });
        refresh();
      });
      // A reconnect may have missed an access change too.
      connection.io.on('reconnect', () => void useSession.getState().refresh());
      socket = connection;
    });
    return () => {
      stopped = true;
      socket?.disconnect();
    };
  }, [userId, setCount, client]);

  return null;
}
