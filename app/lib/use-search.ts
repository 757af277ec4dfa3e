import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The address's query and a way to change it, as react-router's `useSearchParams` (a new entry in the history,
 * the path unchanged) without its form and fetcher support, which would ride on every first load
 * (app/components/link.tsx says why).
 */
export function useSearch(): [URLSearchParams, (next: URLSearchParams | ((prev: URLSearchParams) => URLSearchParams)) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = (next: URLSearchParams | ((prev: URLSearchParams) => URLSearchParams)) => {
    const query = (typeof next === 'function' ? next(new URLSearchParams(search)) : next).toString();
    void navigate({ search: query ? `?${query}` : '' });
  };
  return [params, set];
}
