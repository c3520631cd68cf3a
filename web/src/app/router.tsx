import { lazy } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { AppLayout } from './layouts/app-layout';
import { PublicLayout } from './layouts/public-layout';
import { RouteError } from './route-error';

// One chunk per route: a visitor's first load of `/` carries only the home page.
const named = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));

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

const page = (path: string, Component: React.ComponentType): RouteObject => ({
  path,
  element: <Component />,
});

/** Spec §2: public routes (and sign-in) in the top-navigation layout, the rest in the side-menu one. */
const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    children: [
      page(paths.home.path, Home),
      page(paths.shows.path, Shows),
      page(paths.show.path, Show),
      page(paths.episode.path, Episode),
      page(paths.people.path, People),
      page(paths.hosts.path, Hosts),
      page(paths.guests.path, Guests),
      page(paths.crew.path, Crew),
      page(paths.about.path, About),
      page(paths.advertise.path, Advertise),
      page(paths.contact.path, Contact),
      page(paths.pricing.path, Pricing),
      page(paths.login.path, Login),
      page(paths.register.path, Register),
      page(paths.accessDenied.path, AccessDenied),
      page('*', NotFound),
    ],
  },
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      page(paths.myPodcasts.path, MyFavz),
      page(paths.profile.path, Profile),
      page(paths.settings.path, Settings),
      page(paths.accessRequest.path, AccessRequests),
      page(paths.podcastRequests.path, PodcastRequests),
      page(paths.podcasts.path, MyPodz),
      page(paths.hostRequests.path, HostRequests),
      page(paths.guestPodz.path, GuestPodz),
      page(paths.messages.path, Messages),
      ...[
        paths.dashboard,
        paths.pricingPlansEdit,
        paths.landing,
        paths.userRequests,
        paths.users,
        paths.mediaz,
        paths.documentation,
        paths.podzManagement,
        paths.imageGallery,
      ].map((route) => page(route.path, ConsolePending)),
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
