import type { AudioProcessing } from '@podz/proto';
import { useProcessing } from '../stores/processing-store';

const STAGES: Record<string, string> = {
  measuring: 'Measuring loudness',
  levelling: 'Levelling and encoding',
  storing: 'Storing',
};

/**
 * Where an audio file's processing is: waiting, a stage with its percent (moved by the socket's
 * pushes), done, or failed with its reason. `stored` is what the page read; a push wins over it.
 */
export function ProcessingStatus({
  id,
  stored,
  label,
}: {
  id: string;
  stored: AudioProcessing | null | undefined;
  label: string;
}) {
  const pushed = useProcessing((state) => state.byId[id]);
  const processing = pushed ?? stored;
  if (!processing) return null;
  if (processing.state === 'failed') {
    return (
      <p role="alert" className="mt-2 text-sm text-red-700" data-testid="processing-status">
        Processing failed: {processing.error ?? 'unknown reason'}. The file as uploaded still plays.
      </p>
    );
  }
  if (processing.state === 'done') {
    return (
      <p className="mt-2 text-sm text-emerald-700" data-testid="processing-status">
        Processed: levelled and encoded for the network.
      </p>
    );
  }
  const stage = processing.stage ? (STAGES[processing.stage] ?? processing.stage) : 'Waiting to be processed';
  return (
    <div className="mt-2" data-testid="processing-status">
      <p className="text-sm text-slate-700" aria-live="polite">
        {stage}… {processing.percent}%
      </p>
      <div
        role="progressbar"
        aria-label={`Processing ${label}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={processing.percent}
        aria-valuetext={`${stage}, ${processing.percent}%`}
        className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full bg-emerald-600 transition-[width]"
          style={{ width: `${processing.percent}%` }}
        />
      </div>
    </div>
  );
}
