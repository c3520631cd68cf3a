import type { ReactNode } from 'react';

export function PageHeading({
  title,
  intro,
  actions,
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        {intro && <p className="mt-1 text-slate-600">{intro}</p>}
      </div>
      {actions}
    </div>
  );
}
