import type { Seed } from '../../../core/fencing/bracket';

interface MatchSideProps {
  seed: Seed | null | undefined;
  score: number | null;
  won: boolean;
  lost: boolean;
  /** What an empty side says: a bye, a walkover, or still to be decided. */
  empty: string;
}

/** One fencer's line of a tableau match: seed, name and score, the winner marked. */
export function MatchSide({ seed, score, won, lost, empty }: MatchSideProps) {
  return (
    <div className={`flex items-center justify-between gap-2 px-3 py-1.5 ${won ? 'bg-green-50 font-semibold text-green-900' : lost ? 'text-slate-500' : ''}`}>
      <span className="min-w-0 truncate">
        {seed ? (
          <>
            <span className="mr-1.5 text-xs tabular-nums text-slate-500">{seed.seed}</span>
            {seed.name}
          </>
        ) : (
          <span className="italic text-slate-500">{empty}</span>
        )}
      </span>
      <span className="tabular-nums">{score ?? ''}</span>
    </div>
  );
}
