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
const About = named(() => import('./routes/content-page'), 'AboutRoute');
const Advertise = named(() => import('./routes/content-page'), 'AdvertiseRoute');
const Contact = named(() => import('./routes/content-page'), 'ContactRoute');
const Pricing = lazy(() => import('./routes/pricing'));
const Login = named(() => import('./routes/auth-pages'), 'LoginRoute');
const Register = named(() => import('./routes/auth-pages'), 'RegisterRoute');
const AccessDenied = named(() => import('./routes/auth-pages'), 'AccessDeniedRoute');
const NotFound = lazy(() => import('./routes/not-found'));
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
const ConsolePending = lazy(() => import('./routes/console-pending'));

/** Routes still to be built: a screen that says so (the admin and editor consoles issue). */
const CONSOLE_PATHS = [
  paths.dashboard,
  paths.pricingPlansEdit,
  paths.landing,
  paths.userRequests,
  paths.users,
  paths.mediaz,
  paths.documentation,
  paths.podzManagement,
  paths.imageGallery,
];

/**
 * Spec §2: public routes (and sign-in) in the top-navigation layout, the rest in the side-menu one.
 * Declarative routes (no loaders or actions here): the data router's code would add about 13 kB
 * gzip to every first load. Each layout catches a screen's render error itself (RouteErrorBoundary).
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Suspense fallback={<Spinner />}>
        <Routes>
          <Route element={<PublicLayout />}>
            <Route path={paths.home.path} element={<Home />} />
            <Route path={paths.shows.path} element={<Shows />} />
            <Route path={paths.show.path} element={<Show />} />
            <Route path={paths.episode.path} element={<Episode />} />
            <Route path={paths.people.path} element={<People />} />
            <Route path={paths.hosts.path} element={<Hosts />} />
            <Route path={paths.guests.path} element={<Guests />} />
            <Route path={paths.crew.path} element={<Crew />} />
            <Route path={paths.about.path} element={<About />} />
            <Route path={paths.advertise.path} element={<Advertise />} />
            <Route path={paths.contact.path} element={<Contact />} />
            <Route path={paths.pricing.path} element={<Pricing />} />
            <Route path={paths.login.path} element={<Login />} />
            <Route path={paths.register.path} element={<Register />} />
            <Route path={paths.accessDenied.path} element={<AccessDenied />} />
            <Route path={'*'} element={<NotFound />} />
          </Route>
          <Route element={<AppLayout />}>
            <Route path={paths.myPodcasts.path} element={<MyFavz />} />
            <Route path={paths.profile.path} element={<Profile />} />
            <Route path={paths.settings.path} element={<Settings />} />
            <Route path={paths.accessRequest.path} element={<AccessRequests />} />
            <Route path={paths.podcastRequests.path} element={<PodcastRequests />} />
            <Route path={paths.podcasts.path} element={<MyPodz />} />
            <Route path={paths.hostRequests.path} element={<HostRequests />} />
            <Route path={paths.guestPodz.path} element={<GuestPodz />} />
            <Route path={paths.messages.path} element={<Messages />} />
            {CONSOLE_PATHS.map((route) => (
              <Route key={route.path} path={route.path} element={<ConsolePending />} />
            ))}
          </Route>
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
