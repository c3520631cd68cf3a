import type { Logger, Mailer } from '@podz/kit';
import type { NotificationsConfig } from '../config';
import type { Bells } from '../data/bells';
import type { Contacts } from '../data/contacts';
import type { Digests } from '../data/digests';
import type { DueQueue } from '../data/due-queue';
import type { MessageReminders } from '../data/message-reminders';
import type { OnceMarks } from '../data/once-marks';
import type { PreferenceStore } from '../data/preferences';
import type { Shows } from '../data/shows';
import type { UnsubscribeLinks } from './unsubscribe-links';

/** Sends a Socket.IO event to every socket of one member (their tabs, on any messaging instance). */
export type Push = (userId: string, event: string, payload: unknown) => void;

export interface NotificationsDeps {
  config: NotificationsConfig;
  logger: Logger;
  bells: Bells;
  preferences: PreferenceStore;
  contacts: Contacts;
  shows: Shows;
  marks: OnceMarks;
  digests: Digests;
  reminders: MessageReminders;
  digestQueue: DueQueue;
  reminderQueue: DueQueue;
  mailer: Mailer;
  unsubscribe: UnsubscribeLinks;
  push: Push;
  now: () => Date;
  /** Events from before the service first ran are not news: they build the read models only. */
  since: Date;
}
