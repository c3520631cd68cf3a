// No schemas here: the web app's first load imports these, and zod should not come with them.

/** What the Socket.IO server pushes to every socket of an affected user (room `user:<id>`). */
export const SOCKET_EVENTS = {
  /** `{ conversation, message }`: a message in one of the user's conversations, and the conversation as the user now sees it. */
  messageNew: 'message:new',
  /** A conversation as the user sees it, after a read (after a message, `message:new` carries it). */
  conversationUpdated: 'conversation:updated',
  /** `{ count }`: the user's new-message count, after anything that changes it. */
  messageCount: 'messages:count',
  /** `{ notification, unread }`: a new notification for the bell (notifications service). */
  notificationNew: 'notification:new',
  /** `{ unread }`: the bell's count, after the member read notifications in another tab. */
  notificationCount: 'notifications:count',
  /**
   * `{}`: the member's access changed (a grant, a review, an admin's edit). Sent once identity has
   * applied it, so a session read on hearing it sees the new access.
   */
  sessionChanged: 'session:changed',
  /** `{ role, status }`: one of the member's access requests was approved or rejected. */
  requestReviewed: 'request:reviewed',
  /** `{ id, processing }`: one of the uploader's audio files moved on in its processing (media). */
  mediaProcessing: 'media:processing',
  /** `{}`: one of the uploader's files came into or out of use (a cover set, an episode's audio changed). */
  mediaChanged: 'media:changed',
} as const;

export const SOCKET_PATH = '/socket.io';
export const userRoom = (userId: string) => `user:${userId}`;
