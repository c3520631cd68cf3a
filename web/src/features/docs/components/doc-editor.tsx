import { DOC_LIMITS, type Doc } from '@podz/proto';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { TextArea, TextField } from '../../../components/ui/field';
import { ErrorState, Spinner } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/api-client';
import { useUi } from '../../../stores/ui-store';
import { usePreviewDoc, useSaveDoc } from '../api/docs-api';
import { DocBody } from './doc-view';

/** A page's URL name from its title: lowercase letters, digits and dashes, as the API accepts. */
export function slugOf(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/**
 * Writes a page in markdown, with a preview the server renders exactly as it will on save. A new
 * page takes its URL name from the title; an existing one keeps its own.
 */
export function DocEditor({ doc, onDone }: { doc?: Doc; onDone: (slug?: string) => void }) {
  const [title, setTitle] = useState(doc?.title ?? '');
  const [markdown, setMarkdown] = useState(doc?.markdown ?? '');
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const save = useSaveDoc();
  const preview = usePreviewDoc();
  const showModal = useUi((state) => state.showModal);
  const slug = doc?.slug ?? slugOf(title);

  const onPreview = () => {
    setTab('preview');
    preview.mutate(markdown);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { slug, title, markdown },
      {
        onSuccess: (saved) => {
          showModal({ kind: 'success', title: 'Page saved', message: `“${saved.title}” is saved.` });
          onDone(saved.slug);
        },
        onError: (error) => showModal({ kind: 'error', title: 'Not saved', message: errorMessage(error) }),
      },
    );
  };

  return (
    <form aria-label={doc ? `Edit ${doc.title}` : 'New page'} onSubmit={onSubmit} className="space-y-4">
      <TextField
        label="Title"
        required
        maxLength={DOC_LIMITS.title}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        hint={
          doc ? undefined : slug ? `Its address: /documentation?doc=${slug}` : 'The title names the page.'
        }
      />
      <div role="tablist" aria-label="Editor" className="flex gap-2 border-b border-slate-200">
        {(['write', 'preview'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-semibold capitalize ${tab === name ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-600'}`}
            onClick={() => (name === 'preview' ? onPreview() : setTab('write'))}
          >
            {name}
          </button>
        ))}
      </div>
      {tab === 'write' ? (
        <TextArea
          label="Markdown"
          rows={16}
          maxLength={DOC_LIMITS.markdown}
          value={markdown}
          onChange={(event) => setMarkdown(event.target.value)}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm text-slate-900"
        />
      ) : preview.isPending ? (
        <Spinner label="Rendering…" />
      ) : preview.isError ? (
        <ErrorState error={preview.error} onRetry={onPreview} />
      ) : preview.data ? (
        <div role="tabpanel" aria-label="Preview" className="rounded-lg border border-slate-200 p-4">
          <DocBody html={preview.data.html} toc={preview.data.toc} />
        </div>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => onDone(doc?.slug)}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending || !slug}>
          {save.isPending ? 'Saving…' : 'Save page'}
        </Button>
      </div>
    </form>
  );
}
