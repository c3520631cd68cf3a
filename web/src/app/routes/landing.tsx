import { PAGE_SLUGS, type PageSlug } from '@podz/proto';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { PageHeading } from '../../components/ui/page-heading';
import { Tabs } from '../../components/ui/tabs';
import { QueryState } from '../../components/ui/query-state';
import { usePage } from '../../features/content/api/content-api';
import { PageEditor } from '../../features/content/components/page-editor';
import { FeaturedPicks } from '../../features/shows/components/featured-picks';
import { PageVersions } from '../../features/content/components/page-versions';

const PAGE_LABEL: Record<PageSlug, string> = {
  home: 'Home',
  about: 'About',
  advertise: 'Advertise',
  contact: 'Contact',
};

/**
 * `/landing` (editors, admins): the words of the home, about, advertise and contact pages. One
 * page at a time (which one is in the URL), edited whole and published as a new version.
 */
export default function LandingRoute() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('page');
  const slug: PageSlug = (PAGE_SLUGS as readonly string[]).includes(asked ?? '')
    ? (asked as PageSlug)
    : 'home';
  const page = usePage(slug);
  const reload = () => void page.refetch();

  return (
    <>
      <PageHeading
        title="Page Content"
        intro="What visitors read on the network's own pages."
        actions={
          <Link to={paths.campaigns.href()} className="text-indigo-700 underline">
            Campaigns: ads and promos
          </Link>
        }
      />
      <Tabs
        label="Pages"
        tabs={PAGE_SLUGS.map((name) => [name, PAGE_LABEL[name]] as const)}
        selected={slug}
        onSelect={(name) => setParams({ page: name })}
      />
      <QueryState query={page} loadingLabel="Loading the page…">
        {(content) => (
          <div role="tabpanel" aria-label={PAGE_LABEL[slug]}>
            <p className="mb-4 text-sm text-slate-600">
              {content.version === 0
                ? 'Nobody has edited this page yet: these are PODZ’s default words.'
                : `Version ${content.version}${content.updatedBy ? `, by ${content.updatedBy.username}` : ''}.`}
            </p>
            {/* A new version (saved, restored, reloaded) starts the editor afresh from it. */}
            <PageEditor
              key={`${slug}:${content.version}`}
              page={content}
              onReload={reload}
              featuredPicker={(choice, onChange) => <FeaturedPicks {...choice} onChange={onChange} />}
            />
            <PageVersions page={content} onRestored={reload} />
          </div>
        )}
      </QueryState>
    </>
  );
}
