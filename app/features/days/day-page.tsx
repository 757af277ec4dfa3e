import { useParams } from 'react-router';
import { Link } from '../../components/link';
import { Spinner } from '../../components/ui/spinner';
import { formatPracticeDate } from '../../lib/dates';
import { paths } from '../../lib/paths';
import { dayTerms, useLiveDay } from '../../state/day';
import { useDayTimes } from '../../state/day-schedule';
import { liveStatusText, useTexts } from '../../i18n/common';
import { i18n } from '../../i18n';
import { DayEvents } from './day-events';
import { DayPistes } from './day-pistes';
import { DayPlacement } from './day-placement';
import { DayReferees } from './day-referees';
import { DaySchedule } from './day-schedule';
import { NowCalling } from '../../components/day-calls';
import { CallActions, GuestCalls, HeldMatches } from './call-actions';
import { HallShare } from './hall-share';
import { DayBridgeSection } from './day-bridge';

const messages = i18n('day-page', {
  allDays: '← Competition days',
  notFound: 'This competition day was not found.',
});

/**
 * /days/{id} (issue 28): a competition day's screen for its coach: the events and their pools, the pistes,
 * the referees, where each pool fences (flights when pistes run short) and who referees it, the estimated
 * schedule and its paper, and the hall board; live through the day's room.
 */
export function DayPage() {
  const t = useTexts(messages);
  const d = useTexts(dayTerms);
  const { dayId = '' } = useParams();
  const live = useLiveDay({ day: dayId });
  const { snapshot } = live;
  const times = useDayTimes(snapshot);
  const back = <Link to={paths.days} className="text-sm font-medium text-sky-700 hover:underline">{t.allDays}</Link>;
  if (live.closed) return <div className="space-y-4">{back}<p className="card p-8 text-center" role="alert">{live.closed}</p></div>;
  if (snapshot === undefined) return <Spinner />;
  if (snapshot === null) return <div className="space-y-4">{back}<p className="card p-8 text-center" role="alert">{t.notFound}</p></div>;
  const { day } = snapshot;
  const teamEvents = new Set(snapshot.events.filter((e) => e.practice_type === 'team').map((e) => e.practice_id));
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        {back}
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h1 className="text-2xl font-bold" data-testid="day-name">{day.name}</h1>
          <span role="status" className={`text-xs font-semibold ${live.status === 'live' ? 'text-green-700' : 'text-amber-700'}`} data-testid="live-status">{liveStatusText(d, live.status)}</span>
        </div>
        <p className="text-sm text-slate-600">{[formatPracticeDate(day.date), day.venue].filter(Boolean).join(' · ')}</p>
      </div>
      <HallShare day={day} apply={live.apply} />
      <DayEvents snapshot={snapshot} apply={live.apply} />
      <DayPistes snapshot={snapshot} apply={live.apply} />
      <DayReferees snapshot={snapshot} apply={live.apply} />
      <DayPlacement snapshot={snapshot} times={times} apply={live.apply} bouts={live.pisteBouts} />
      <div className="card p-4">
        <NowCalling snapshot={snapshot} coach actions={(c) => <CallActions call={c} team={teamEvents.has(c.practice_id)} />} />
        <HeldMatches snapshot={snapshot} apply={live.apply} />
        <GuestCalls day={day} apply={live.apply} />
      </div>
      <DaySchedule snapshot={snapshot} times={times} apply={live.apply} />
      <DayBridgeSection snapshot={snapshot} live={live} />
    </div>
  );
}
