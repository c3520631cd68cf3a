import { Link } from 'react-router-dom';
import { MyPrivateFeeds } from '../../features/premium/components/my-private-feeds';
import { PageHeading } from '../../components/ui/page-heading';
import { Pagination } from '../../components/ui/pagination';
import { QueryState } from '../../components/ui/query-state';
import { usePageParam } from '../../lib/use-page-param';
import { paths } from '../../config/paths';
import { holds } from '../../lib/route-access';
import { useSession } from '../../stores/session-store';
import { DeleteAccountForm, EmailForm, PasswordForm } from '../../features/account/components/settings-forms';
import { ProfileForm } from '../../features/account/components/profile-form';
import { NotificationPreferences } from '../../features/notifications/components/notification-preferences';
import { useMe } from '../../features/account/api/account-api';
import { PaymentHistory } from '../../features/pricing/components/payment-history';
import { SubscriptionStatus } from '../../features/pricing/components/subscription-status';
import { useGuestEpisodes } from '../../features/hosting/api/hosting-api';
import { HostInvitations } from '../../features/hosting/components/host-invitations';
import { AccessRequestCard } from '../../features/requests/components/access-request-card';
import { FeedImportForm } from '../../features/shows/components/feed-import-form';
import { MyShows } from '../../features/shows/components/my-shows';
import { UpcomingReleases } from '../../features/shows/components/upcoming-releases';
import { useFollowedShows } from '../../features/shows/api/shows-api';
import { ShowGrid } from '../../features/shows/components/show-card';
import { FollowedEpisodes } from '../../features/shows/components/followed-episodes';
import { PagedEpisodes } from '../../features/shows/components/paged-episodes';

/** `/mypodcasts`: My FAVZ, the shows the user follows and their newest episodes. */
export function MyFavzRoute() {
  const [page, setPage] = usePageParam();
  const followed = useFollowedShows(page);
  return (
    <>
      <PageHeading title="My FAVZ" intro="The shows you follow." />
      <QueryState
        query={followed}
        isEmpty={(data) => data.items.length === 0}
        empty="You do not follow any show yet. Find one under Shows and press Follow."
      >
        {(data) => (
          <>
            <ShowGrid shows={data.items} />
            <Pagination page={data.page} totalPages={data.totalPages} onChange={setPage} />
            <FollowedEpisodes />
          </>
        )}
      </QueryState>
    </>
  );
}

export function ProfileRoute() {
  const me = useMe();
  return (
    <>
      <PageHeading title="My Profile" intro="What other members see of you." />
      <QueryState query={me}>{(user) => <ProfileForm user={user} />}</QueryState>
    </>
  );
}

function SettingsSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="mb-6 rounded-xl border border-slate-200 bg-white p-6">
      <h2 id={id} className="mb-4 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function SettingsRoute() {
  const me = useMe();
  const userId = useSession((state) => state.user?.id ?? '');
  const plan = useSession((state) => state.user?.plan ?? '');
  return (
    <>
      <PageHeading title="Settings" />
      <section
        aria-labelledby="plan-heading"
        className="mb-6 rounded-xl border border-slate-200 bg-white p-6"
      >
        <h2 id="plan-heading" className="text-lg font-semibold text-slate-900">
          Plan and payments
        </h2>
        <p className="mt-1 mb-4 text-sm text-slate-700">
          You are on the <span className="font-semibold">{plan}</span> plan.{' '}
          <Link className="text-indigo-700 underline" to={paths.pricing.href()}>
            See the plans
          </Link>
        </p>
        <div className="mb-4">
          <SubscriptionStatus />
        </div>
        <PaymentHistory label="Your payments" />
      </section>
      <SettingsSection id="private-feeds-heading" title="Private feeds">
        <MyPrivateFeeds />
      </SettingsSection>
      <SettingsSection id="notifications-heading" title="Notifications">
        <NotificationPreferences />
      </SettingsSection>
      <SettingsSection id="email-heading" title="Email">
        <QueryState query={me}>{(user) => <EmailForm user={user} />}</QueryState>
      </SettingsSection>
      <SettingsSection id="password-heading" title="Password">
        <PasswordForm userId={userId} />
      </SettingsSection>
      <section
        aria-labelledby="delete-heading"
        className="mt-6 rounded-xl border border-red-200 bg-white p-6"
      >
        <h2 id="delete-heading" className="text-lg font-semibold text-red-800">
          Delete account
        </h2>
        <p className="mt-1 mb-4 text-sm text-slate-600">
          Deleting your account removes your profile, shows and follows for good.
        </p>
        <DeleteAccountForm userId={userId} />
      </section>
    </>
  );
}

/** `/requests/access`: ask to become a podcaster (owner) or a guest, and follow the answer. */
export function AccessRequestsRoute() {
  return (
    <>
      <PageHeading
        title="Request access"
        intro="Only podcasters add shows directly; everyone else asks first."
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <AccessRequestCard role="owner" />
        <AccessRequestCard role="guest" />
      </div>
    </>
  );
}

/** `/podcast-requests`: My PODZ for users who asked to become a podcaster. */
export function PodcastRequestsRoute() {
  return (
    <>
      <PageHeading title="My PODZ" intro="Once your request is approved, you can add your shows here." />
      <AccessRequestCard role="owner" />
    </>
  );
}

/** `/podcasts`: My PODZ. Users without owner access see their request instead of the form. */
export function MyPodzRoute() {
  const user = useSession((state) => state.user);
  if (!user) return null;
  const canAdd = holds(user.access, 'addsShows');
  return (
    <>
      <PageHeading
        title="My PODZ"
        intro={canAdd ? 'Your shows and their episodes.' : 'Only podcasters add shows. Ask to become one:'}
      />
      {canAdd ? (
        <>
          <UpcomingReleases />
          <MyShows ownerId={user.id} />
          <div className="mt-10">
            <FeedImportForm />
          </div>
        </>
      ) : (
        <AccessRequestCard role="owner" />
      )}
    </>
  );
}

export function HostRequestsRoute() {
  return (
    <>
      <PageHeading title="Host Requests" intro="Shows that invited you to host." />
      <HostInvitations />
    </>
  );
}

/** `/guest-podz`: the episodes the user appears in. */
export function GuestPodzRoute() {
  const userId = useSession((state) => state.user?.id);
  const [page, setPage] = usePageParam();
  const episodes = useGuestEpisodes(userId, page);
  return (
    <>
      <PageHeading title="Guest PODZ" intro="Episodes you appear in." />
      <PagedEpisodes
        query={episodes}
        empty="You have not been a guest on any episode yet."
        onPage={setPage}
        withShow
        label="Pagination"
      />
    </>
  );
}
