import { atom } from 'jotai';
import type { BracketSnapshot } from '../../core/contracts/tableau';
import { barrageOf, DEFAULT_FORMAT, finalClassification, resolveTableau } from '../../core/fencing/tableau';
import { bracketAtom } from './bracket';
import { poolsAtom } from './pools';

/** The saved tableau as the rules read it; before it loads, an empty one in the default format. */
const savedAtom = atom((get): Pick<BracketSnapshot, 'seeding' | 'matches' | 'format' | 'did_not_start' | 'barrage'> => get(bracketAtom).bracket ?? { seeding: null, matches: [], format: DEFAULT_FORMAT, did_not_start: [] });

/** The practice's format (the cut, the bouts for places): read alone, it costs no tableau computation. */
export const formatAtom = atom((get) => get(savedAtom).format);

/** The barrage at the cut's bouts (issue 58), when the format asks for one: what the pool results settle the line by. */
export const barrageBoutsAtom = atom((get) => barrageOf(get(poolsAtom).pools, get(savedAtom)));

/** Fencers marked absent at check-in, listed "Did Not Start". */
export const didNotStartAtom = atom((get) => get(savedAtom).did_not_start);

/** The current practice's tableau, resolved from its pools and saved bracket with the server's own rules. */
export const tableauAtom = atom((get) => {
  const pools = get(poolsAtom);
  const bracket = get(bracketAtom);
  const loading = pools.status !== 'ready' || bracket.status === 'idle' || bracket.status === 'loading';
  const saved = get(savedAtom);
  return { loading, tableau: resolveTableau(pools.pools, saved), version: bracket.bracket?.version ?? 0, format: saved.format, barrage: saved.barrage ?? [] };
});

/** The final classification (issue 14): the tableau's places, then the cut, withdrawn, excluded and absent. */
export const standingsAtom = atom((get) => finalClassification(get(poolsAtom).pools, get(tableauAtom).tableau, get(savedAtom)));
