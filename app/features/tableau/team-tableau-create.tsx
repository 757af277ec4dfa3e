import { useState } from 'react';
import { useTexts } from '../../i18n/common';
import { i18n, locale } from '../../i18n';
import { answerError } from '../../i18n/errors';
import { ApiError, call, client } from '../../lib/api';
import { applyBracket } from '../../state/bracket';
import { applyTeamTableau } from '../../state/team-tableau';
import { toastError } from '../../state/toasts';

const messages = i18n('team-tableau-create', {
  title: 'Team tableau',
  text: 'A tableau of team matches, each a nine-relay sheet to 45: seeded by the team pools, or drawn when there are none.',
  thirdPlace: 'Fence the match for 3rd place',
  create: 'Create team tableau',
  failed: 'The team tableau could not be created.',
});

/** The coach creates the team tableau of a team practice (issue 28), with or without the match for 3rd place. */
export function TeamTableauCreate({ practiceId }: { practiceId: string }) {
  const t = useTexts(messages);
  const [thirdPlace, setThirdPlace] = useState(true);
  const [busy, setBusy] = useState(false);

  async function create() {
    setBusy(true);
    try {
      const { bracket, tableau } = await call(client.practices[':practiceId']['team-tableau'].$post({ param: { practiceId }, json: { third_place: thirdPlace, lang: locale.get() } }));
      applyBracket(practiceId, bracket);
      applyTeamTableau(practiceId, tableau);
    } catch (e) {
      toastError((e instanceof ApiError && answerError(e.body)) || t.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card flex flex-wrap items-center justify-between gap-3 p-4" aria-labelledby="team-tableau-title" data-testid="team-tableau-create">
      <div className="min-w-0">
        <h2 id="team-tableau-title" className="font-semibold">{t.title}</h2>
        <p className="text-sm text-slate-600">{t.text}</p>
        <label className="mt-2 flex items-center gap-2 text-sm">
          <input type="checkbox" className="h-5 w-5" checked={thirdPlace} onChange={(e) => setThirdPlace(e.target.checked)} />
          {t.thirdPlace}
        </label>
      </div>
      <button type="button" className="btn-primary" disabled={busy} onClick={() => void create()}>{t.create}</button>
    </section>
  );
}
