import type { PageSlug } from '@podz/proto';
import { AudiencePanel } from '../../features/analytics/components/audience-panel';
import { usePage } from '../../features/content/api/content-api';
import { PageContent } from '../../features/content/components/page-content';
import { SendForm } from '../../features/content/components/send-form';

/**
 * `/about`, `/advertise`, `/contact`: the editors' page content, with the page's form if any (and,
 * on `/advertise`, the network's audience from analytics).
 */
function ContentPage({
  slug,
  form,
  children,
}: {
  slug: PageSlug;
  form?: 'contact' | 'advertise';
  children?: React.ReactNode;
}) {
  const page = usePage(slug);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <PageContent page={page} />
      {children}
      {form && (
        <section
          aria-labelledby="form-heading"
          className="mx-auto mt-12 max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 id="form-heading" className="mb-4 text-xl font-bold text-slate-900">
            {form === 'contact' ? 'Send us a message' : 'Advertise with us'}
          </h2>
          <SendForm kind={form} />
        </section>
      )}
    </div>
  );
}

export const AboutRoute = () => <ContentPage slug="about" />;
export const AdvertiseRoute = () => (
  <ContentPage slug="advertise" form="advertise">
    <AudiencePanel />
  </ContentPage>
);
export const ContactRoute = () => <ContentPage slug="contact" form="contact" />;
