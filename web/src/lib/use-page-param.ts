import { useSearchParams } from 'react-router-dom';

/** `?page=` as URL state, so a list page can be linked to and survives a reload. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const setPage = (next: number) => {
    const updated = new URLSearchParams(params);
    if (next <= 1) updated.delete('page');
    else updated.set('page', String(next));
    setParams(updated);
    window.scrollTo({ top: 0 });
  };
  return [page, setPage];
}
