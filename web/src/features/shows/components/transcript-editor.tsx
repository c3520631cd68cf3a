import { TRANSCRIPT_LIMITS, type Episode, type TranscriptInfo } from '@podz/proto';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormError, TextArea, TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useSaveTranscript, type TranscriptChange } from '../api/owner-shows-api';

const TEMPLATE = 'WEBVTT\n\n00:00:00.000 --> 00:00:05.000\nThe first words of the episode.\n';
const SOURCES: Record<TranscriptInfo['source'], string> = {
  upload: 'uploaded file',
  editor: 'written here',
  automatic: 'automatic transcription',
};

/**
 * An episode's transcript for its owner: upload a WebVTT or SRT file, or write and fix it here
 * (the current one is loaded as WebVTT), or remove it. Each action saves at once; an error says
 * which line of the file is wrong.
 */
export function TranscriptEditor({ episode }: { episode: Episode }) {
  const save = useSaveTranscript(episode.id);
  const [transcript, setTranscript] = useState(episode.transcript);
  const [language, setLanguage] = useState(episode.transcript?.language ?? '');
  const [text, setText] = useState<string>();
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const apply = (change: TranscriptChange) => {
    setError(undefined);
    save.mutate(
      { change, language: language.trim() || undefined },
      {
        onSuccess: (saved) => {
          setTranscript(saved.transcript);
          if (saved.transcript) setLanguage(saved.transcript.language);
          setText(undefined);
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  const onFile = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    if (file.size > TRANSCRIPT_LIMITS.bytes) {
      setError('The file is larger than 1 MB');
      return;
    }
    apply({ file });
  };

  const edit = async () => {
    setError(undefined);
    if (!transcript) {
      setText(TEMPLATE);
      return;
    }
    setLoading(true);
    try {
      const res = await fetch(transcript.url);
      if (!res.ok) throw new Error('The transcript could not be loaded');
      setText(await res.text());
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setLoading(false);
    }
  };

  return (
    <section
      aria-labelledby="transcript-editor-heading"
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h4 id="transcript-editor-heading" className="font-semibold text-slate-900">
        Transcript
      </h4>
      <p className="text-sm text-slate-700" data-testid="transcript-state">
        {transcript ? (
          <>
            {transcript.cues} cues · {transcript.language} · {SOURCES[transcript.source]} ·{' '}
            {formatDateTime(transcript.updatedAt)} ·{' '}
            <a className="text-indigo-700 underline" href={transcript.url} target="_blank" rel="noreferrer">
              view WebVTT
            </a>
          </>
        ) : (
          'No transcript yet. Listeners read it beside the player, and podcast apps show it as captions.'
        )}
      </p>
      <TextField
        label="Language"
        value={language}
        placeholder="the show’s language"
        onChange={(event) => setLanguage(event.target.value)}
        hint="A language code such as en or pt-BR."
      />
      {text !== undefined && (
        <TextArea
          label="Transcript (WebVTT or SRT)"
          rows={12}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="font-mono text-sm"
        />
      )}
      <FormError message={error} />
      <div className="flex flex-wrap gap-2">
        <input
          ref={fileInput}
          type="file"
          accept=".vtt,.srt,text/vtt,application/x-subrip"
          className="sr-only"
          aria-label="Transcript file"
          onChange={(event) => onFile(event.target.files?.[0])}
        />
        {text === undefined ? (
          <>
            <Button variant="secondary" disabled={save.isPending} onClick={() => fileInput.current?.click()}>
              Upload .vtt or .srt
            </Button>
            <Button variant="secondary" disabled={loading} onClick={() => void edit()}>
              {transcript ? 'Edit here' : 'Write it here'}
            </Button>
            {transcript && (
              <Button variant="danger" disabled={save.isPending} onClick={() => apply('remove')}>
                Remove transcript
              </Button>
            )}
          </>
        ) : (
          <>
            <Button disabled={save.isPending} onClick={() => apply({ text })}>
              Save transcript
            </Button>
            <Button variant="secondary" onClick={() => setText(undefined)}>
              Cancel
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
