import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { paths } from '../config/paths';
import { PublicLayout } from './layouts/public-layout';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';

// Routes not built yet fall through to the not-found page inside the public layout.
const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    children: [
      { path: paths.home.path, element: <HomeRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
