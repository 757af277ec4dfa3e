import { count, params } from '@nanostores/i18n';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Link } from '../../components/link';
import type { DaySnapshot, FencerBout, FencerPool, HallFencer } from '../../../core/contracts/days';
import { flightName } from '../../../core/fencing/pistes';
import { poolState } from '../../../core/fencing/day-plan';
import { Spinner } from '../../components/ui/spinner';
import { liveStatusText, useTexts, type TextsOf } from '../../i18n/common';
import { i18n, useLanguage } from '../../i18n';
import { useTerms } from '../../i18n/fencing-terms';
import { LanguagePicker } from '../../i18n/language-picker';
import { call, client, errorMessage } from '../../lib/api';
import { useResource } from '../../lib/use-resource';
import { dayTerms, refereesById } from '../../state/day';
import { poolTimeText, useDayTimes, clockTime } from '../../state/day-schedule';
import { follow, followOf, unfollow } from '../../state/push';
import type { LiveStatus } from '../../lib/live-socket';
import { HallGate } from './hall-page';

export const fencerTexts = i18n('hall-fencer', {
  back: 'Back to the hall board',
  against: params('against {name}'),
  pool: 'Your pool',
  nextBout: params('Next bout: against {name}'),
  boutsBefore: count({ one: '{count} bout of the pool before yours', other: '{count} bouts of the pool before yours' }),
  yourTurn: 'You fence now, or next',
  poolDone: 'Your pool bouts are done.',
  toFence: 'to fence',
  seed: params('Seed {seed}'),
  opponentTbd: 'opponent to be known',
  notYet: 'The tableau is drawn once every pool bout is fenced.',
  follow: 'Notify me when called',
  following: 'This phone gets a notification when the fencer is called.',
  unfollow: 'Stop notifications',
  denied: 'Notifications are blocked for this site. Allow them in the browser’s settings to be told when called.',
  unsupported: 'This browser cannot receive notifications. Keep this page open: it shows the call as it happens.',
  notFound: 'This fencer is not in this day’s events.',
  won: params('won {mine}–{theirs}'),
  lost: params('lost {mine}–{theirs}'),
});

const boutLine = (t: TextsOf<typeof fencerTexts>, b: Pick<FencerBout, 'mine' | 'theirs' | 'won'> & { annulled?: boolean }) => {
  if (b.annulled) return t.annulled;
  if (b.mine === null || b.theirs === null) return t.toFence;
  return (b.won ? t.won : t.lost)({ mine: b.mine, theirs: b.theirs });
};

/** /hall/{board}/fencer/{event}/{entry}: a fencer's own page on the hall board (issue 28), no account. */
export function HallFencerPage() {
  return <HallGate render={(snapshot, status) => <FencerDayView snapshot={snapshot} status={status} />} />;
}

function FencerDayView({ snapshot, status }: { snapshot: DaySnapshot; status: LiveStatus }) {
  const t = useTexts(fencerTexts);
  const d = useTexts(dayTerms);
  const terms = useTerms();
  const { boardId = '', '*': rest = '' } = useParams();
  const [, practiceId = '', entryId = ''] = rest.split('/');
  const where = { board: boardId, practice: practiceId, entry: entryId };
  const page = useResource<HallFencer>(`${boardId}/${practiceId}/${entryId}`, () =>
    call(client.hall[':boardId'].fencers[':practiceId'][':entryId'].$get({ param: { boardId, practiceId, entryId } })),
  );
  // Each change of the day (a score of the event, a call) is read again: the page stays live through the hall's socket.
  const { reload } = page;
  useEffect(() => void reload(), [snapshot.version, reload]);
  const times = useDayTimes(snapshot);
  const referees = refereesById(snapshot);
  const pisteName = new Map(snapshot.pistes.map((p) => [p.id, p.name]));

  if (page.status === 'error' && !page.data) {
    return (
      <main className="mx-auto max-w-xl space-y-3 px-4 py-10 text-center">
        <p data-testid="fencer-unavailable">{t.notFound}</p>
        <Link className="text-sky-700 hover:underline" to={`/hall/${boardId}`}>{t.back}</Link>
      </main>
    );
  }
  if (!page.data) return <Spinner />;
  const { fencer, event } = page.data;
  const matchIds = new Set(fencer.matches.map((m) => m.id));
  const call_ = snapshot.calls.find((c) => c.practice_id === practiceId && matchIds.has(c.match_id));
  const calledMatch = call_ ? fencer.matches.find((m) => m.id === call_.match_id) : undefined;
  const callReferee = call_?.referee_id ? referees.get(call_.referee_id) : undefined;

  const poolCard = (pool: FencerPool) => {
    const placement = snapshot.placements.find((p) => p.pool_id === pool.id);
    const dayPool = snapshot.events.find((e) => e.practice_id === practiceId)?.pools.find((p) => p.id === pool.id);
    const referee = placement?.referee_id ? referees.get(placement.referee_id) : undefined;
    const time = dayPool ? poolTimeText(d, poolState(dayPool), times.pools.get(pool.id)) : null;
    return (
      <section key={pool.id} className="card space-y-2 p-4" data-testid="fencer-pool" aria-label={pool.name}>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-bold">{t.pool}: {pool.name}</h2>
          {time && <span className="font-medium tabular-nums">{time}</span>}
        </div>
        {placement && (
          <p className="font-semibold" data-testid="fencer-pool-piste">
            {d.pisteName({ name: pisteName.get(placement.piste_id) ?? '?' })} · {d.flightName({ name: flightName(placement.flight) })}
            {referee && <span className="ml-2 font-normal text-slate-700">{t.refereeName({ name: referee.name })}</span>}
          </p>
        )}
        <p data-testid="fencer-next" className="text-base">
          {pool.next ? (
            <>
              <span className="font-semibold">{t.nextBout({ name: pool.next.opponent })}</span>{' '}
              <span className="text-slate-700">{pool.next.before === 0 ? t.yourTurn : t.boutsBefore(pool.next.before)}</span>
            </>
          ) : (
            t.poolDone
          )}
        </p>
        <ul className="divide-y divide-slate-100" data-testid="fencer-bouts">
          {pool.bouts.map((b) => (
            <li key={b.opponent} className="flex justify-between py-1" data-testid="fencer-bout">
              <span>{b.opponent}</span>
              <span className={`tabular-nums ${b.won === true ? 'font-semibold text-green-800' : b.won === false ? 'text-red-800' : 'text-slate-500'}`}>{boutLine(t, b)}</span>
            </li>
          ))}
        </ul>
      </section>
    );
  };

  const rounds = times.rounds.get(practiceId) ?? [];
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-xl flex-wrap items-center justify-between gap-2 px-4 py-3">
          <Link className="text-sm text-sky-700 hover:underline" to={`/hall/${boardId}`}>← {t.back}</Link>
          <div className="flex items-center gap-3">
            <LanguagePicker />
            <span role="status" className={`text-xs font-semibold ${status === 'live' ? 'text-green-700' : 'text-amber-700'}`}>{liveStatusText(d, status)}</span>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-xl space-y-4 px-4 py-5">
        <div>
          <h1 className="text-2xl font-bold" data-testid="fencer-name">{fencer.name}</h1>
          <p className="text-slate-700">{event} · {terms.weapon(page.data.weapon)} · {snapshot.day.name}</p>
        </div>
        {call_ && (
          <div role="alert" className="rounded-lg border-2 border-amber-500 bg-amber-50 p-4" data-testid="fencer-call">
            <p className="text-2xl font-bold">{(call_.state === 'on-piste' ? d.onPisteAt : d.calledTo)({ piste: pisteName.get(call_.piste_id) ?? '?' })}</p>
            <p>
              {calledMatch ? terms.round(calledMatch.round, calledMatch.rounds) : ''} · {t.against({ name: calledMatch?.opponent ?? '…' })}
              {callReferee && <span className="ml-2">{t.refereeName({ name: callReferee.name })}</span>}
            </p>
          </div>
        )}
        <FollowButton where={where} />
        {fencer.pools.map(poolCard)}
        <section className="card space-y-2 p-4" data-testid="fencer-tableau" aria-label={t.tableau}>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-lg font-bold">{t.tableau}</h2>
            {fencer.seed !== null && <span className="font-semibold" data-testid="fencer-seed">{t.seed({ seed: fencer.seed })}</span>}
          </div>
          {fencer.matches.length === 0 ? (
            <p className="text-slate-700">{t.notYet}{rounds[0] ? ` ${d.tableauAbout({ time: clockTime(rounds[0].start) })}` : ''}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {fencer.matches.map((m) => (
                <li key={m.id} className="flex justify-between gap-2 py-1" data-testid="fencer-match">
                  <span>
                    <span className="font-medium">{terms.round(m.round, m.rounds)}</span> · {m.opponent ?? t.opponentTbd}
                  </span>
                  <span className="tabular-nums">{boutLine(t, m)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </main>
    </div>
  );
}

/** "Notify me when called": this phone follows the fencer (Web Push), or stops. */
function FollowButton({ where }: { where: { board: string; practice: string; entry: string } }) {
  const t = useTexts(fencerTexts);
  const lang = useLanguage();
  const [following, setFollowing] = useState(() => followOf(where) !== null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const act = async () => {
    setBusy(true);
    setNote(null);
    try {
      if (following) {
        await unfollow(where);
        setFollowing(false);
      } else {
        const outcome = await follow(where, lang);
        if (outcome === 'following') setFollowing(true);
        else setNote(outcome === 'denied' ? t.denied : t.unsupported);
      }
    } catch (e) {
      setNote(errorMessage(e, t.unsupported));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-1">
      {following && <p className="text-sm text-green-800" data-testid="fencer-following">{t.following}</p>}
      <button type="button" className={following ? 'btn-secondary' : 'btn-primary'} onClick={() => void act()} disabled={busy} data-testid="fencer-follow">
        {following ? t.unfollow : t.follow}
      </button>
      {note && <p className="text-sm text-slate-700" role="status">{note}</p>}
    </div>
  );
}
