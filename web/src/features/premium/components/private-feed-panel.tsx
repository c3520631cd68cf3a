import type { PrivateFeed } from '@podz/proto';
import { Link } from 'react-router-dom';
import { Button, buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { usePlanNames } from '../../../lib/pricing-plans';
import { useUi } from '../../../stores/ui-store';
import { usePremiumAccess, usePrivateFeedLink } from '../api/premium-api';

const withoutScheme = (url: string) => url.replace(/^https?:\/\//, '');

/** How each app takes a feed by link: its URL scheme, from the app's own documentation. */
export const PODCAST_APPS = [
  { name: 'Apple Podcasts', link: (url: string) => `podcast://${withoutScheme(url)}` },
  { name: 'Overcast', link: (url: string) => `overcast://x-callback-url/add?url=${encodeURIComponent(url)}` },
  { name: 'Pocket Casts', link: (url: string) => `pktc://subscribe/${withoutScheme(url)}` },
] as const;

/** A private feed's link with the ways to use it: copy it, add it to an app, or reset it. */
export function PrivateFeedLink({ feed, podcastId }: { feed: PrivateFeed; podcastId: string }) {
  // A member always reads their own link; only an admin's view of someone else's lacks it.
  const url = feed.url ?? '';
  const link = usePrivateFeedLink(podcastId);
  const toast = useUi((state) => state.toast);
  const confirm = useUi((state) => state.confirm);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast('Your private feed’s link was copied');
    } catch {
      toast('Copying was refused: select the link and copy it', 'error');
    }
  };
  const reset = async () => {
    const confirmed = await confirm({
      title: 'Reset your private feed?',
      message:
        'The current link stops working at once, in every app that has it. Add the new link to your apps.',
      confirmLabel: 'Reset link',
    });
    if (!confirmed) return;
    link.mutate(true, {
      onSuccess: () => toast('Your private feed has a new link'),
      onError: (error) => toast(errorMessage(error), 'error'),
    });
  };
  return (
    <div className="grid gap-3">
      {feed.suspended && (
        <p role="alert" className="text-sm font-semibold text-red-700">
          This link was suspended: it was used from more places than one member uses. Reset it to listen
          again.
        </p>
      )}
      <label className="grid gap-1 text-sm font-medium text-slate-800">
        Your private feed (keep it to yourself)
        <input
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-xs text-slate-800"
        />
      </label>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void copy()}>Copy link</Button>
        {PODCAST_APPS.map((app) => (
          <a key={app.name} href={app.link(url)} className={buttonClass('secondary')}>
            Add to {app.name}
          </a>
        ))}
        <Button variant="ghost" disabled={link.isPending || feed.suspended} onClick={() => void reset()}>
          Reset link
        </Button>
      </div>
    </div>
  );
}

/**
 * The show page's premium box: for members whose plan unlocks the show, their private feed (made
 * on first ask); for everyone else, which plans do and the way to them.
 */
export function PrivateFeedPanel({
  podcastId,
  plans,
  signedIn,
}: {
  podcastId: string;
  plans: string[];
  signedIn: boolean;
}) {
  const access = usePremiumAccess(podcastId, signedIn);
  const open = usePrivateFeedLink(podcastId);
  const toast = useUi((state) => state.toast);
  const names = usePlanNames(plans);
  if (plans.length === 0) return null;
  const entitled = access.data?.entitled === true;
  const feed = access.data?.feed ?? null;
  return (
    <section
      aria-labelledby="premium-heading"
      className="mt-6 rounded-xl border border-amber-200 bg-amber-50 p-5 text-slate-800"
    >
      <h2 id="premium-heading" className="font-semibold text-amber-900">
        Premium listening
      </h2>
      {!signedIn || (access.isSuccess && !entitled) ? (
        <div className="mt-2 grid gap-3 text-sm">
          <p>Members on {names} hear this show’s premium episodes, here and in any podcast app.</p>
          <div>
            <Link to={paths.pricing.href()} className={buttonClass('primary')}>
              Upgrade
            </Link>
          </div>
        </div>
      ) : access.isPending ? (
        <p className="mt-2 text-sm text-slate-600">Loading your access…</p>
      ) : access.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorMessage(access.error)}
        </p>
      ) : feed ? (
        <div className="mt-3">
          <PrivateFeedLink feed={feed} podcastId={podcastId} />
        </div>
      ) : (
        <div className="mt-2 grid gap-3 text-sm">
          <p>
            Your plan includes this show’s premium episodes. Hear them in your podcast app with a private
            feed.
          </p>
          <div>
            <Button
              disabled={open.isPending}
              onClick={() => open.mutate(false, { onError: (error) => toast(errorMessage(error), 'error') })}
            >
              Get my private feed
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
