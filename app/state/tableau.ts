import { atom } from 'jotai';
import { resolveTableau } from '../../core/fencing/tableau';
import { bracketAtom } from './bracket';
import { poolsAtom } from './pools';

/** The current practice's tableau, resolved from its pools and saved bracket with the server's own rules. */
export const tableauAtom = atom((get) => {
  const pools = get(poolsAtom);
  const bracket = get(bracketAtom);
  const loading = pools.status !== 'ready' || bracket.status === 'idle' || bracket.status === 'loading';
  const tableau = resolveTableau(pools.pools, bracket.bracket ?? { seeding: null, matches: [] });
  return { loading, tableau, version: bracket.bracket?.version ?? 0 };
});
