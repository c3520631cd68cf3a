import { NOTIFICATION_CATEGORIES, type NotificationCategory, type Preferences } from '@podz/proto';
import { QueryState } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/api-client';
import { useUi } from '../../../stores/ui-store';
import { usePreferences, useUpdatePreferences } from '../api/notifications-api';

const CATEGORIES = Object.keys(NOTIFICATION_CATEGORIES) as NotificationCategory[];

function Switch({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      className="size-5 accent-indigo-600"
      checked={checked}
      disabled={disabled}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}

/** `/settings`: which events reach the bell and which send mail; each change saves at once. */
export function NotificationPreferences() {
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  const toast = useUi((state) => state.toast);
  const change = (channel: keyof Preferences, category: NotificationCategory, on: boolean) =>
    update.mutate({ [channel]: { [category]: on } }, { onError: (failure) => toast(errorMessage(failure)) });

  return (
    <QueryState query={preferences}>
      {(current) => (
        <table className="w-full max-w-2xl text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th className="py-2 font-medium">Tell me about</th>
              <th className="w-20 py-2 text-center font-medium">Bell</th>
              <th className="w-40 py-2 text-center font-medium">Email</th>
            </tr>
          </thead>
          <tbody>
            {CATEGORIES.map((category) => {
              const { label, bell, email } = NOTIFICATION_CATEGORIES[category];
              return (
                <tr key={category} className="border-b border-slate-100">
                  <td className="py-3 text-slate-900">{label}</td>
                  <td className="py-3 text-center">
                    {bell ? (
                      <Switch
                        label={`${label}: in the bell`}
                        checked={current.bell[category as keyof Preferences['bell']] !== false}
                        disabled={update.isPending}
                        onChange={(on) => change('bell', category, on)}
                      />
                    ) : (
                      <span className="text-slate-400" title="Shown by the Messages badge">
                        —
                      </span>
                    )}
                  </td>
                  <td className="py-3 text-center">
                    <span className="inline-flex items-center gap-2">
                      <Switch
                        label={`${label}: by email`}
                        checked={current.email[category as keyof Preferences['email']] !== false}
                        disabled={update.isPending}
                        onChange={(on) => change('email', category, on)}
                      />
                      <span className="text-xs text-slate-500">{email}</span>
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </QueryState>
  );
}
