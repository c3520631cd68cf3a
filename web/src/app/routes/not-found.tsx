import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/ui/button';
import { paths } from '../../config/paths';

export default function NotFoundRoute() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="text-6xl font-extrabold text-indigo-700">404</p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">This page does not exist</h1>
      <Link to={paths.home.href()} className={buttonClass('primary', 'mt-8')}>
        Back to PODZ
      </Link>
    </div>
  );
}
