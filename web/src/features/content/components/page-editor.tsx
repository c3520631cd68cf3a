import {
  FEATURED_SHOWS_MODES,
  PAGE_LIMITS,
  savePageBodySchema,
  type Page,
  type SavePageBody,
} from '@podz/proto';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { FormError, TextField } from '../../../components/ui/field';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { ApiFailure } from '../../../lib/api-client';
import { swapped } from '../../../lib/format';
import { useFormErrors } from '../../../lib/use-form-errors';
import { useUi } from '../../../stores/ui-store';
import { useSavePage } from '../api/page-admin-api';
import { PageHero, PageSections } from './page-content';

export type FeaturedMode = (typeof FEATURED_SHOWS_MODES)[number];
export interface FeaturedChoice {
  mode: FeaturedMode;
  podcastIds: string[];
}
/** The home page's featured-shows picker, handed in by the route (it lives with the shows). */
export type FeaturedPicker = (choice: FeaturedChoice, onChange: (next: FeaturedChoice) => void) => ReactNode;

interface SectionDraft {
  /** Stable across moves, so each section keeps its own editor. */
  key: number;
  heading: string;
  body: string;
}

interface PageDraft {
  title: string;
  heading: string;
  subheading: string;
  ctaLabel: string;
  ctaHref: string;
  sections: SectionDraft[];
  mode: FeaturedMode;
  podcastIds: string[];
}

let nextKey = 1;

function draftOf(page: Page): PageDraft {
  return {
    title: page.title,
    heading: page.hero?.heading ?? '',
    subheading: page.hero?.subheading ?? '',
    ctaLabel: page.hero?.cta?.label ?? '',
    ctaHref: page.hero?.cta?.href ?? '',
    sections: page.sections.map((section) => ({ ...section, key: nextKey++ })),
    mode: page.featuredShows?.mode ?? 'featured',
    podcastIds: page.featuredShows?.podcastIds ?? [],
  };
}

/** The draft as the page body: no heading means no hero; the featured choice is the home page's alone. */
function bodyOf(page: Page, draft: PageDraft): SavePageBody {
  const cta =
    draft.ctaLabel.trim() || draft.ctaHref.trim() ? { label: draft.ctaLabel, href: draft.ctaHref } : null;
  return {
    title: draft.title,
    hero: draft.heading.trim() ? { heading: draft.heading, subheading: draft.subheading, cta } : null,
    sections: draft.sections.map(({ heading, body }) => ({ heading, body })),
    featuredShows:
      page.slug === 'home'
        ? { mode: draft.mode, podcastIds: draft.mode === 'picked' ? draft.podcastIds : [] }
        : null,
    expectedVersion: page.version,
  };
}

/**
 * Edits one page as a whole: hero, sections in rich text, and for the home page its featured shows,
 * with a live preview. Saving names the version it started from; when someone saved in between
 * (409), the editor offers to load their version.
 */
export function PageEditor({
  page,
  onReload,
  featuredPicker,
}: {
  page: Page;
  onReload: () => void;
  featuredPicker: FeaturedPicker;
}) {
  const [draft, setDraft] = useState(() => draftOf(page));
  const { errors, formError, check, fail } = useFormErrors();
  const save = useSavePage(page.slug);
  const showModal = useUi((state) => state.showModal);
  const confirm = useUi((state) => state.confirm);
  const body = bodyOf(page, draft);

  const set = (changes: Partial<PageDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const setSection = (key: number, changes: Partial<SectionDraft>) =>
    set({
      sections: draft.sections.map((section) => (section.key === key ? { ...section, ...changes } : section)),
    });
  const moveSection = (index: number, by: -1 | 1) => {
    set({ sections: swapped(draft.sections, index, index + by) });
  };

  const onConflict = async () => {
    const reload = await confirm({
      title: 'Someone saved this page',
      message: `The page changed since you opened version ${page.version}. Load the newest version? Your changes here will be lost.`,
      confirmLabel: 'Load newest',
    });
    if (reload) onReload();
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = check(savePageBodySchema, body);
    if (!checked) return;
    // Awaited rather than per-call callbacks: the saved version remounts this editor, and a
    // mutation's own callbacks do not run for an unmounted caller.
    try {
      const saved = await save.mutateAsync(checked);
      showModal({
        kind: 'success',
        title: 'Page published',
        message: `${saved.title} is live as version ${saved.version}.`,
      });
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 409) void onConflict();
      else fail(error);
    }
  };

  return (
    <div className="grid gap-8 xl:grid-cols-2">
      <form
        aria-label={`Edit ${page.slug} page`}
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        className="min-w-0 space-y-5"
      >
        <TextField
          label="Title"
          required
          maxLength={PAGE_LIMITS.title}
          value={draft.title}
          error={errors.title}
          onChange={(event) => set({ title: event.target.value })}
        />
        <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">
            Hero (leave the heading empty for none)
          </legend>
          <TextField
            label="Hero heading"
            maxLength={PAGE_LIMITS.heading}
            value={draft.heading}
            onChange={(event) => set({ heading: event.target.value })}
          />
          <TextField
            label="Hero text"
            maxLength={PAGE_LIMITS.subheading}
            value={draft.subheading}
            onChange={(event) => set({ subheading: event.target.value })}
          />
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label="Button label"
              maxLength={40}
              value={draft.ctaLabel}
              onChange={(event) => set({ ctaLabel: event.target.value })}
            />
            <TextField
              label="Button link"
              hint="A site path (/pricing) or an http(s) address."
              value={draft.ctaHref}
              onChange={(event) => set({ ctaHref: event.target.value })}
            />
          </div>
          {errors.hero && <p className="text-sm text-red-700">{errors.hero}</p>}
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="text-sm font-semibold text-slate-900">
            Sections ({draft.sections.length} of {PAGE_LIMITS.sections})
          </legend>
          {draft.sections.map((section, index) => (
            <div
              key={section.key}
              role="group"
              aria-label={`Section ${index + 1}`}
              className="space-y-3 rounded-lg border border-slate-200 p-4"
            >
              <TextField
                label={`Section ${index + 1} heading`}
                maxLength={PAGE_LIMITS.heading}
                value={section.heading}
                onChange={(event) => setSection(section.key, { heading: event.target.value })}
              />
              <RichTextEditor
                label={`Section ${index + 1} text`}
                value={section.body}
                maxLength={PAGE_LIMITS.body}
                onChange={(html) => setSection(section.key, { body: html })}
              />
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="ghost" disabled={index === 0} onClick={() => moveSection(index, -1)}>
                  ↑ Up
                </Button>
                <Button
                  variant="ghost"
                  disabled={index === draft.sections.length - 1}
                  onClick={() => moveSection(index, 1)}
                >
                  ↓ Down
                </Button>
                <Button
                  variant="ghost"
                  onClick={() =>
                    set({ sections: draft.sections.filter((other) => other.key !== section.key) })
                  }
                >
                  Remove section
                </Button>
              </div>
            </div>
          ))}
          <Button
            variant="secondary"
            disabled={draft.sections.length >= PAGE_LIMITS.sections}
            onClick={() => set({ sections: [...draft.sections, { key: nextKey++, heading: '', body: '' }] })}
          >
            Add section
          </Button>
          {errors.sections && <p className="text-sm text-red-700">{errors.sections}</p>}
        </fieldset>
        {page.slug === 'home' &&
          featuredPicker({ mode: draft.mode, podcastIds: draft.podcastIds }, ({ mode, podcastIds }) =>
            set({ mode, podcastIds }),
          )}
        {errors.featuredShows && <p className="text-sm text-red-700">{errors.featuredShows}</p>}
        <FormError message={formError} />
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Publishing…' : 'Publish'}
          </Button>
        </div>
      </form>
      <section aria-labelledby="page-preview" className="min-w-0">
        <h2 id="page-preview" className="text-lg font-semibold text-slate-900">
          Preview
        </h2>
        <div className="mt-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
          <PageHero page={{ title: body.title, hero: body.hero }} />
          <PageSections page={body} />
        </div>
      </section>
    </div>
  );
}
