import type { AudioFacts as Facts } from '@podz/proto';
import { fileSize } from './media-uses';

const lufs = (value: number) => `${value.toFixed(1)} LUFS`;
const db = (value: number) => `${value.toFixed(1)} dBTP`;

/** An audio file's measures and the house-format rendition made of it, once processed. */
export function AudioFacts({ facts }: { facts: Facts }) {
  const { loudness, rendition } = facts;
  if (!loudness) return null;
  return (
    <dl
      className="mt-2 grid gap-x-4 gap-y-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr]"
      data-testid="audio-facts"
    >
      <dt className="font-medium text-slate-900">As uploaded</dt>
      <dd>
        {lufs(loudness.integrated)} · true peak {db(loudness.truePeak)} · range {loudness.range.toFixed(1)} LU
      </dd>
      {rendition && (
        <>
          <dt className="font-medium text-slate-900">Served</dt>
          <dd>
            <a className="underline" href={rendition.url}>
              MP3 {rendition.bitrateKbps} kb/s
            </a>
            , {fileSize(rendition.bytes)}
            {rendition.targetLufs !== null
              ? `, levelled to ${lufs(rendition.targetLufs)}`
              : ''} (measures {lufs(rendition.loudness.integrated)}, true peak{' '}
            {db(rendition.loudness.truePeak)})
          </dd>
        </>
      )}
    </dl>
  );
}
