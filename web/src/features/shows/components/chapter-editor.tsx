import { CHAPTERS_MAX, chaptersBodySchema, type Chapter, type Episode } from '@podz/proto';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { formatClock, parseClock } from '../../../lib/format';
import { useSaveChapters } from '../api/owner-shows-api';

interface Row {
  key: number;
  start: string;
  title: string;
  url: string;
  img: string;
}

let nextKey = 1;
const rowOf = (chapter: Chapter): Row => ({
  key: nextKey++,
  start: formatClock(chapter.startTime),
  title: chapter.title,
  url: chapter.url ?? '',
  img: chapter.img ?? '',
});

/** The row's inputs, with the body path their errors come back under. */
const CELLS = [
  { field: 'start', path: 'startTime', label: 'start', placeholder: '0:00' },
  { field: 'title', path: 'title', label: 'title', placeholder: 'Title' },
  { field: 'url', path: 'url', label: 'link (optional)', placeholder: 'https://… (optional)' },
  { field: 'img', path: 'img', label: 'image URL (optional)', placeholder: 'Image https://… (optional)' },
] as const;

const SOURCES = {
  audio: 'read from the audio file’s tags',
  file: 'from a chapters file',
  editor: 'written here',
};
const inputClass =
  'w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm text-slate-900 focus:border-indigo-500 focus:outline-none focus:ring-1 focus:ring-indigo-500';

/**
 * An episode's chapters for its owner: rows of start time, title, optional link and image, or loaded from
 * a Podcast Namespace JSON chapters file; saved as a whole. MP3s with chapter tags fill it on upload.
 */
export function ChapterEditor({ episode }: { episode: Episode }) {
  const save = useSaveChapters(episode.id);
  const [rows, setRows] = useState<Row[]>(() => episode.chapters.map(rowOf));
  const [source, setSource] = useState(episode.chaptersSource);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [saved, setSaved] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const [from, setFrom] = useState<'file' | 'editor'>('editor');

  const change = (key: number, field: (typeof CELLS)[number]['field'], value: string) => {
    setSaved(false);
    setFrom('editor');
    setRows((current) => current.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  };

  const onSave = () => {
    setFormError(undefined);
    setSaved(false);
    const problems: Record<string, string> = {};
    const chapters = rows.map((row, index) => {
      const startTime = parseClock(row.start);
      if (startTime === undefined) problems[`chapters.${index}.startTime`] = 'Write it as m:ss or h:mm:ss';
      return {
        startTime: startTime ?? 0,
        title: row.title.trim(),
        ...(row.url.trim() ? { url: row.url.trim() } : {}),
        ...(row.img.trim() ? { img: row.img.trim() } : {}),
      };
    });
    const checked = chaptersBodySchema.safeParse({ chapters, source: from });
    if (!checked.success) {
      for (const issue of checked.error.issues) problems[issue.path.join('.')] ??= issue.message;
    }
    setErrors(problems);
    if (Object.keys(problems).length || !checked.success) return;
    save.mutate(checked.data, {
      onSuccess: (episodeSaved) => {
        setRows(episodeSaved.chapters.map(rowOf));
        setSource(episodeSaved.chaptersSource);
        setSaved(true);
      },
      onError: (failure) => {
        const details = (failure as { details?: { path: string; message: string }[] }).details ?? [];
        setErrors(
          Object.fromEntries(details.map((detail) => [detail.path.replace(/^body\./, ''), detail.message])),
        );
        setFormError(errorMessage(failure));
      },
    });
  };

  const onFile = async (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    setFormError(undefined);
    try {
      const parsed = chaptersBodySchema.safeParse(JSON.parse(await file.text()));
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'not a chapters file');
      setRows(parsed.data.chapters.map(rowOf));
      setFrom('file');
      setSaved(false);
    } catch (failure) {
      setFormError(`That is not a JSON chapters file we can read: ${(failure as Error).message}`);
    }
  };

  const fieldError = (index: number, field: string) => errors[`chapters.${index}.${field}`];

  return (
    <section
      aria-labelledby="chapter-editor-heading"
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h4 id="chapter-editor-heading" className="font-semibold text-slate-900">
        Chapters
      </h4>
      <p className="text-sm text-slate-700">
        {source && rows.length > 0
          ? `${rows.length} chapters, ${SOURCES[source]}.`
          : 'No chapters yet. Apps show them as marks to skip between; MP3 chapter tags are read on upload.'}
      </p>
      {rows.length > 0 && (
        <ol className="grid gap-2">
          {rows.map((row, index) => (
            <li key={row.key} className="grid gap-1">
              <div className="grid grid-cols-[6rem_1fr] gap-2 sm:grid-cols-[6rem_1fr_1fr_1fr_auto]">
                {CELLS.map((cell) => (
                  <input
                    key={cell.field}
                    aria-label={`Chapter ${index + 1} ${cell.label}`}
                    className={inputClass}
                    value={row[cell.field]}
                    placeholder={cell.placeholder}
                    aria-invalid={fieldError(index, cell.path) ? true : undefined}
                    onChange={(event) => change(row.key, cell.field, event.target.value)}
                  />
                ))}
                <Button
                  variant="secondary"
                  aria-label={`Remove chapter ${index + 1}`}
                  onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
                >
                  Remove
                </Button>
              </div>
              {CELLS.map((cell) =>
                fieldError(index, cell.path) ? (
                  <p key={cell.field} className="text-sm text-red-700">
                    Chapter {index + 1}: {fieldError(index, cell.path)}
                  </p>
                ) : null,
              )}
            </li>
          ))}
        </ol>
      )}
      <FormError message={formError} />
      {saved && (
        <p role="status" className="text-sm text-green-800">
          Chapters saved.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={rows.length >= CHAPTERS_MAX}
          onClick={() => {
            const last = rows.at(-1);
            const start = last ? (parseClock(last.start) ?? 0) + 60 : 0;
            setRows([...rows, rowOf({ startTime: start, title: '' })]);
          }}
        >
          Add chapter
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          className="sr-only"
          aria-label="Chapters file"
          onChange={(event) => void onFile(event.target.files?.[0])}
        />
        <Button variant="secondary" onClick={() => fileInput.current?.click()}>
          Load a chapters file (.json)
        </Button>
        <Button disabled={save.isPending} onClick={onSave}>
          Save chapters
        </Button>
      </div>
    </section>
  );
}
