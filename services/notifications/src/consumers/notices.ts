import { on, onBatch, type Subscription } from '@podz/kit';
import {
  episodeCreated,
  episodeUpdated,
  guestAdded,
  hostConfirmed,
  hostDeclined,
  hostInvited,
  requestApproved,
  requestRejected,
  type EventEnvelope,
} from '@podz/proto';
import { announceEpisodes } from '../domain/announce-episodes';
import type { NotificationsDeps } from '../domain/notifications-deps';
import { tellGuestCredited } from '../domain/tell-guest-credited';
import { tellHostAnswered, tellHostInvited } from '../domain/tell-hosts';
import { tellRequestReviewed } from '../domain/tell-request-reviewed';

/**
 * The events people are told about. An event from before the service first ran is history (a
 * new deployment reads every topic from its start) and tells no one.
 */
export function noticeSubscriptions(deps: NotificationsDeps): Subscription[] {
  const isNews = (event: EventEnvelope) => new Date(event.time) >= deps.since;
  const news =
    <E extends EventEnvelope>(handler: (event: E) => Promise<void>) =>
    async (event: E) => {
      if (isNews(event)) await handler(event);
    };
  return [
    ...[episodeCreated, episodeUpdated].map((definition) =>
      onBatch(definition, (events) =>
        announceEpisodes(
          deps,
          events.filter((event) => isNews(event)).map((event) => event.data),
        ),
      ),
    ),
    on(
      requestApproved,
      news((event) => tellRequestReviewed(deps, event, true)),
    ),
    on(
      requestRejected,
      news((event) => tellRequestReviewed(deps, event, false)),
    ),
    on(
      hostInvited,
      news((event) => tellHostInvited(deps, event)),
    ),
    on(
      hostConfirmed,
      news((event) => tellHostAnswered(deps, event, true)),
    ),
    on(
      hostDeclined,
      news((event) => tellHostAnswered(deps, event, false)),
    ),
    on(
      guestAdded,
      news((event) => tellGuestCredited(deps, event)),
    ),
  ];
}
