// @vitest-environment happy-dom

import { describe, expect, it, vi } from 'vitest';
import { adminRenderer } from '../../test-support/render.tsx';
import { control, Signedin, TWO_SITES, typeInto } from '../../test-support/two-sites.tsx';
import { chooseSite } from '../session/site-zone.ts';
import { CampaignForm } from './CampaignForm.tsx';
import type { Campaign } from './campaignDraft.ts';

const { render, settle, stubApi } = adminRenderer();

const reply = TWO_SITES;

/** What an operator's typing or choosing does, for an input or a select alike. */
async function set(form: HTMLElement, label: string, value: string) {
  typeInto(form, label, value);
  await settle();
}

/** A deposit campaign of the Korean site, from midnight UTC on 1 March to midnight on 1 April 2026. */
const reload: Campaign = {
  id: 7,
  name: 'Reload',
  type: 'every_deposit',
  currency: 'KRW',
  code: null,
  percentBps: 1_000,
  fixedAmount: 0,
  cap: null,
  minDeposit: 0,
  levels: [],
  siteIds: [2],
  newMembersOnly: false,
  startsAt: '2026-03-01T00:00:00.000Z',
  endsAt: '2026-04-01T00:00:00.000Z',
  wageringMultiple: 10,
  wageringBase: 'bonus',
  slotsBps: 10_000,
  tablesBps: 1_000,
  sportsBps: 10_000,
  sportsMinOddsNum: 3,
  sportsMinOddsDen: 2,
  maxStake: null,
  expiryDays: 30,
  conversionCap: null,
  stakeOrder: 'cash_first',
  cashbackPeriodDays: 7,
  cashbackPaidAs: 'cash',
  freeSpinCount: 0,
  freeSpinStake: 0,
  freeSpinGame: null,
  terms: {},
  enabled: true,
  createdAt: '2026-02-01T00:00:00.000Z',
  updatedAt: '2026-02-01T00:00:00.000Z',
};

describe('the campaign form', () => {
  it('shows its times in the chosen site’s zone, again when the operator chooses another site, and saves the same instants', async () => {
    localStorage.removeItem('admin.site');
    const sent = stubApi(reply);
    const page = await render(
      <Signedin>
        <CampaignForm campaign={reload} currency="KRW" onDone={() => {}} />
      </Signedin>,
    );
    const starts = () => (control(page, 'Starts') as HTMLInputElement).value;
    await vi.waitFor(() => expect(starts()).toBe('2026-03-01T07:00'));
    // The header's site picker: Korea. The form kept Bangkok's wall times and read them as Seoul's at
    // the save: the campaign started and ended two hours earlier, nobody having touched its dates.
    chooseSite(2);
    await vi.waitFor(() => expect(starts()).toBe('2026-03-01T09:00'));
    expect((control(page, 'Ends') as HTMLInputElement).value).toBe('2026-04-01T09:00');
    await new Promise((resolve) => setTimeout(resolve, 50));
    page.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await settle();
    const saved = sent.find((r) => r.url.endsWith('/promotions/campaigns/7'));
    expect(saved?.body).toMatchObject({ startsAt: reload.startsAt, endsAt: reload.endsAt });
    localStorage.removeItem('admin.site');
  });

  it('offers the currencies of the sites, and keeps a free spin’s stake what the list shows whatever the currency', async () => {
    const sent = stubApi(reply);
    // A new campaign starts in the chosen site's currency (here won); the operator switches to baht.
    const page = await render(<CampaignForm campaign={null} currency="KRW" onDone={() => {}} />);
    const currency = () => control(page, 'Currency') as HTMLSelectElement;
    // A typed code was formatted as it was typed: "K" threw (Invalid currency code) and blanked the screen.
    await vi.waitFor(() => expect([...currency().options].map((o) => o.value)).toEqual(['KRW', 'THB']));
    await set(page, 'Currency', 'THB');
    await set(page, 'Type', 'free_spins');
    await set(page, 'Name', 'Spins');
    // The save reads the form as its last render's effects left it (the browser runs them before a click).
    await new Promise((resolve) => setTimeout(resolve, 50));
    page.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await settle();
    const saved = sent.find((r) => r.url.endsWith('/promotions/campaigns'));
    // The stake was kept as "1000" (won) and read again in baht: 100,000 satang, ฿1,000.00 a spin,
    // while the list showed none chosen.
    expect(saved?.body).toMatchObject({
      currency: 'THB',
      type: 'free_spins',
      freeSpinStake: 1_000,
      cap: null,
    });
    const stake = control(page, 'Stake per spin') as HTMLSelectElement;
    expect(stake.options[stake.selectedIndex]?.textContent).toBe('฿10.00');
  });

  it('names the field the server would refuse and sends nothing: a range, then a check across fields', async () => {
    const sent = stubApi(reply);
    const page = await render(<CampaignForm campaign={null} currency="THB" onDone={() => {}} />);
    await set(page, 'Name', 'Welcome');
    const submit = async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      page.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      await settle();
    };
    const said = () => page.querySelector('[role="alert"]')?.textContent;
    // The server takes 0 to 200 times: it answered 300 with "wageringMultiple: Too big: expected number
    // to be <=200", in English, whatever the operator's language.
    await set(page, 'Wagering multiple', '300');
    await submit();
    await vi.waitFor(() => expect(said()).toBe('Check this field: Wagering multiple.'));
    expect(control(page, 'Wagering multiple').getAttribute('aria-invalid')).toBe('true');
    await set(page, 'Wagering multiple', '10');
    // An end before the start: "endsAt must be after startsAt".
    await set(page, 'Ends', '2020-01-01T00:00');
    await submit();
    await vi.waitFor(() => expect(said()).toBe('Check this field: Ends.'));
    // A deposit campaign of 0 %: "a deposit campaign gives a percentage above zero".
    await set(page, 'Ends', '2099-01-01T00:00');
    await set(page, 'Bonus % of the deposit', '0');
    await submit();
    await vi.waitFor(() => expect(said()).toBe('Check this field: Bonus % of the deposit.'));
    expect(sent.filter((r) => r.url.endsWith('/promotions/campaigns'))).toEqual([]);
    await set(page, 'Bonus % of the deposit', '50');
    await submit();
    await vi.waitFor(() =>
      expect(sent.filter((r) => r.url.endsWith('/promotions/campaigns'))).toHaveLength(1),
    );
  });
});
