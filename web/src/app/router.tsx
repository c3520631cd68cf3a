import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { Spinner } from '../components/ui/query-state';
import { paths } from '../config/paths';
import { PublicLayout } from './layouts/public-layout';

// One chunk per route: a visitor's first load of `/` carries only the home page.
const named = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));

// The side-menu layout is for signed-in people only: a visitor's first load does without it.
const AppLayout = named(() => import('./layouts/app-layout'), 'AppLayout');
const Home = lazy(() => import('./routes/home'));
const Shows = lazy(() => import('./routes/shows'));
const Show = lazy(() => import('./routes/show'));
const Episode = lazy(() => import('./routes/episode'));
const People = lazy(() => import('./routes/people'));
const Hosts = named(() => import('./routes/people'), 'HostsRoute');
const Guests = named(() => import('./routes/people'), 'GuestsRoute');
const Crew = named(() => import('./routes/people'), 'CrewRoute');
const Person = lazy(() => import('./routes/person'));
const Search = lazy(() => import('./routes/search'));
const About = named(() => import('./routes/content-page'), 'AboutRoute');
const Advertise = named(() => import('./routes/content-page'), 'AdvertiseRoute');
const Contact = named(() => import('./routes/content-page'), 'ContactRoute');
const Pricing = lazy(() => import('./routes/pricing'));
const Login = named(() => import('./routes/auth-pages'), 'LoginRoute');
const Register = named(() => import('./routes/auth-pages'), 'RegisterRoute');
const AccessDenied = named(() => import('./routes/auth-pages'), 'AccessDeniedRoute');
const ResetPassword = named(() => import('./routes/auth-pages'), 'ResetPasswordRoute');
const VerifyEmail = named(() => import('./routes/auth-pages'), 'VerifyEmailRoute');
const NotFound = lazy(() => import('./routes/not-found'));
const Unsubscribe = lazy(() => import('./routes/unsubscribe'));
const memberPages = () => import('./routes/member-pages');
const MyFavz = named(memberPages, 'MyFavzRoute');
const Profile = named(memberPages, 'ProfileRoute');
const Settings = named(memberPages, 'SettingsRoute');
const AccessRequests = named(memberPages, 'AccessRequestsRoute');
const PodcastRequests = named(memberPages, 'PodcastRequestsRoute');
const MyPodz = named(memberPages, 'MyPodzRoute');
const HostRequests = named(memberPages, 'HostRequestsRoute');
const GuestPodz = named(memberPages, 'GuestPodzRoute');
const Messages = lazy(() => import('./routes/messages'));
const PricingPlansEdit = lazy(() => import('./routes/pricing-plans-edit'));
const Landing = lazy(() => import('./routes/landing'));
const Users = lazy(() => import('./routes/users'));
const PodzManagement = lazy(() => import('./routes/podz-management'));
const Dashboard = lazy(() => import('./routes/dashboard'));
const Mediaz = lazy(() => import('./routes/mediaz'));
const ImageGallery = lazy(() => import('./routes/image-gallery'));
const UserRequests = lazy(() => import('./routes/user-requests'));
const Documentation = lazy(() => import('./routes/documentation'));
const ShowAnalytics = lazy(() => import('./routes/show-analytics'));
const Campaigns = lazy(() => import('./routes/campaigns'));
const Campaign = lazy(() => import('./routes/campaign'));
const AdvertiserReport = lazy(() => import('./routes/advertiser-report'));
// The site-wide player, just after the first render (app/player-dock.tsx).
const PlayerDock = lazy(() => import('./player-dock'));

/** Spec §2: public routes (and sign-in), in the top-navigation layout. */
const PUBLIC_ROUTES: [string, React.ComponentType][] = [
  [paths.home.path, Home],
  [paths.shows.path, Shows],
  [paths.show.path, Show],
  [paths.episode.path, Episode],
  [paths.people.path, People],
  [paths.hosts.path, Hosts],
  [paths.guests.path, Guests],
  [paths.crew.path, Crew],
  [paths.person.path, Person],
  [paths.search.path, Search],
  [paths.about.path, About],
  [paths.advertise.path, Advertise],
  [paths.contact.path, Contact],
  [paths.pricing.path, Pricing],
  [paths.login.path, Login],
  [paths.register.path, Register],
  [paths.accessDenied.path, AccessDenied],
  [paths.resetPassword.path, ResetPassword],
  [paths.verifyEmail.path, VerifyEmail],
  [paths.unsubscribe.path, Unsubscribe],
  [paths.advertiserReport.path, AdvertiserReport],
  ['*', NotFound],
];

/** The rest, in the side-menu layout. */
const MEMBER_ROUTES: [string, React.ComponentType][] = [
  [paths.myPodcasts.path, MyFavz],
  [paths.profile.path, Profile],
  [paths.settings.path, Settings],
  [paths.accessRequest.path, AccessRequests],
  [paths.podcastRequests.path, PodcastRequests],
  [paths.podcasts.path, MyPodz],
  [paths.hostRequests.path, HostRequests],
  [paths.guestPodz.path, GuestPodz],
  [paths.messages.path, Messages],
  [paths.dashboard.path, Dashboard],
  [paths.pricingPlansEdit.path, PricingPlansEdit],
  [paths.landing.path, Landing],
  [paths.userRequests.path, UserRequests],
  [paths.users.path, Users],
  [paths.mediaz.path, Mediaz],
  [paths.documentation.path, Documentation],
  [paths.podzManagement.path, PodzManagement],
  [paths.imageGallery.path, ImageGallery],
  [paths.showAnalytics.path, ShowAnalytics],
  [paths.campaigns.path, Campaigns],
  [paths.campaign.path, Campaign],
];

const routes = (table: [string, React.ComponentType][]) =>
  table.map(([path, Screen]) => <Route key={path} path={path} element={<Screen />} />);

/**
 * Declarative routes (no loaders or actions here): the data router's code would add about 16 kB
 * gzip to every first load. Each layout catches a screen's render error itself (RouteErrorBoundary).
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Suspense fallback={<Spinner />}>
        <Routes>
          <Route element={<PublicLayout />}>{routes(PUBLIC_ROUTES)}</Route>
          <Route element={<AppLayout />}>{routes(MEMBER_ROUTES)}</Route>
        </Routes>
      </Suspense>
      <Suspense fallback={null}>
        <PlayerDock />
      </Suspense>
    </BrowserRouter>
  );
}
