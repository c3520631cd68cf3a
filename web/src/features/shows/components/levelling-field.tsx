import { useAudioSettings } from '../../../lib/audio-settings';

/** A show's switch: its episodes' audio levelled to the network's loudness, or kept as uploaded. */
export function LevellingField({ value, onChange }: { value: boolean; onChange: (level: boolean) => void }) {
  const settings = useAudioSettings();
  const target = settings.data ? `${settings.data.targetLufs} LUFS` : 'the network’s target';
  return (
    <fieldset className="grid gap-1">
      <legend className="text-sm font-medium text-slate-800">Loudness</legend>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" checked={value} onChange={(event) => onChange(event.target.checked)} />
        Level loudness to {target}
      </label>
      <p className="text-sm text-slate-600">
        {value
          ? 'Every episode sounds as loud as the rest of the network, with peaks kept below clipping.'
          : 'Episodes keep the loudness they were uploaded at (still converted to the network’s MP3 format).'}
      </p>
    </fieldset>
  );
}
