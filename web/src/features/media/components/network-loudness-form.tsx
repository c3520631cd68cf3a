import { AUDIO_HOUSE, audioSettingsBodySchema } from '@podz/proto';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormError, TextField } from '../../../components/ui/field';
import { useFormErrors } from '../../../lib/use-form-errors';
import { useUi } from '../../../stores/ui-store';
import { useAudioSettings } from '../../../lib/audio-settings';
import { useSetAudioSettings } from '../api/audio-settings-api';

/** Admins set the loudness the network's shows are levelled to (docs/audio.md). */
export function NetworkLoudnessForm() {
  const settings = useAudioSettings();
  const save = useSetAudioSettings();
  const toast = useUi((state) => state.toast);
  const [value, setValue] = useState('');
  const { errors, formError, check, fail } = useFormErrors();
  const current = settings.data;
  useEffect(() => {
    if (current) setValue(String(current.targetLufs));
  }, [current]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = check(audioSettingsBodySchema, { targetLufs: value.trim() === '' ? NaN : Number(value) });
    if (!body) return;
    save.mutate(body.targetLufs, {
      onSuccess: (saved) => toast(`New files are levelled to ${saved.targetLufs} LUFS`),
      onError: fail,
    });
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Network loudness"
      className="mb-6 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 className="text-base font-semibold text-slate-900">Network loudness</h2>
      <p className="mt-1 text-sm text-slate-600">
        {current
          ? `Shows that level their audio are brought to ${current.targetLufs} LUFS (mono files to ${current.targetLufsMono}), true peak at most ${current.truePeakDb} dBTP. Files already processed keep their level.`
          : settings.isError
            ? 'The current target could not be read.'
            : 'Reading the current target…'}
      </p>
      <div className="mt-3 flex max-w-md items-end gap-2">
        <div className="flex-1">
          <TextField
            label="Target (LUFS, stereo)"
            type="number"
            step="0.5"
            min={AUDIO_HOUSE.targetLufsMin}
            max={AUDIO_HOUSE.targetLufsMax}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={errors.targetLufs}
            hint={`From ${AUDIO_HOUSE.targetLufsMin} to ${AUDIO_HOUSE.targetLufsMax}; podcasts usually take -16.`}
          />
        </div>
        <Button type="submit" disabled={!current || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
      </div>
      <FormError message={formError} />
    </form>
  );
}
