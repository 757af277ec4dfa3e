import { describe, expect, it } from 'vitest';
import { baseURL, expectToast, newContext, signUp, uniqueEmail, useBrowser } from '../helpers/browser';
import { seed, viaBrowser } from '../helpers/seed';

const browser = useBrowser();
const json = { 'content-type': 'application/json' };

/** A home connection: every address of one IPv6 /64 is one network to the limiter. */
const HOME = '2001:db8:e2e:25';
const at = (host: number) => ({ 'cf-connecting-ip': `${HOME}::${host.toString(16)}` });

describe('the human check (issue 25)', () => {
  it('after a sweep from one /64, a parent of that network confirms they are a person and joins; the board link opens without a check', async () => {
    const coach = await (await newContext(browser())).newPage();
    await signUp(coach, { name: 'Check Coach', email: uniqueEmail('check'), password: 'check coach pw' });
    const created = await seed(viaBrowser(coach.request)).practice('Checked Night');
    await seed(viaBrowser(coach.request)).pools(created.id, ['Ann', 'Bob', 'Cleo']);
    const practice = await seed(viaBrowser(coach.request)).share(created.id);

    // A script rotates addresses inside the /64: the network's limit is reached whatever the address.
    const wrong = (i: number) => String((Number(practice.room_code) + 1 + i) % 1_000_000).padStart(6, '0');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await fetch(`${baseURL()}/api/guest/join`, { method: 'POST', headers: { ...json, ...at(i + 1) }, body: JSON.stringify({ room_code: wrong(i) }) });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 404)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);

    // A parent on that network types the right code: the form asks for the check instead of locking them out.
    const context = await newContext(browser());
    await context.setExtraHTTPHeaders(at(0x77));
    const parent = await context.newPage();
    await parent.goto('/guest-join');
    await parent.getByLabel('Room code').fill(practice.room_code);
    await parent.getByLabel('Your name (optional)').fill('Pat');
    await parent.getByRole('button', { name: 'Join Room' }).click();
    await parent.getByText('Many wrong room codes were tried lately. Confirm you are a person, and the room opens.').waitFor();
    expect(await parent.getByRole('button', { name: 'Join Room' }).isDisabled()).toBe(true);
    await parent.getByRole('checkbox', { name: 'Verify you are human' }).click();
    await expectToast(parent, 'Joined room successfully!');
    await parent.waitForURL('**/individual-practice');
    await expect.poll(() => parent.getByTestId('guest-chip').textContent()).toBe('Guest · Pat');

    // The board link (unguessable) opens from the same network without any check…
    const board = await context.newPage();
    await board.goto(`/live/${practice.board_id}`);
    await expect.poll(() => board.getByTestId('practice-name').textContent()).toBe('Checked Night');
    // …while a wrong one, from that network now over its limit, asks for the check first and then says it shows nothing.
    await board.goto(`/live/${'x'.repeat(22)}`);
    await board.getByText('Many wrong board links were tried lately. Confirm you are a person to open this board.').waitFor();
    await board.getByRole('checkbox', { name: 'Verify you are human' }).click();
    await board.getByRole('heading', { name: 'Live board unavailable' }).waitFor();
  });
});
