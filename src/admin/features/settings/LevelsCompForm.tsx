import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminContract as api } from '../../../shared/contract/admin/index.ts';
import type { LevelRow, SiteView } from '../../api/types.ts';
import { Field, Outcome } from '../../components/Field.tsx';
import { Panel } from '../../components/Panel.tsx';
import { SaveForm } from '../../components/SaveForm.tsx';
import ui from '../../components/ui.module.css';
import { useLevels, useSettingsChange } from './queries.ts';
import styles from './settings.module.css';

const CATEGORIES = ['casino', 'slot', 'sport'] as const;
type Rates = Record<string, Record<(typeof CATEGORIES)[number], string>>;

function ratesOf(levels: LevelRow[]): Rates {
  return Object.fromEntries(
    levels.map((l) => [
      String(l.level),
      Object.fromEntries(
        CATEGORIES.map((c) => [c, l.compRates[c] === undefined ? '' : String(l.compRates[c])]),
      ),
    ]),
  ) as Rates;
}

/** Rates as the API takes them: basis points per level and category; empty cells mean no comp. */
function ratesBody(rates: Rates) {
  const body: Record<string, Partial<Record<(typeof CATEGORIES)[number], number>>> = {};
  for (const [level, row] of Object.entries(rates)) {
    const set = Object.fromEntries(CATEGORIES.filter((c) => row[c] !== '').map((c) => [c, Number(row[c])]));
    if (Object.keys(set).length > 0) body[level] = set;
  }
  return body;
}

function LevelsTable({ site, levels }: { site: SiteView; levels: LevelRow[] }) {
  const { t } = useTranslation();
  const change = useSettingsChange(api.sites.comp);
  const [names, setNames] = useState(() =>
    Object.fromEntries(levels.map((l) => [String(l.level), l.name ?? ''])),
  );
  const [rates, setRates] = useState(() => ratesOf(levels));
  const [minExchange, setMinExchange] = useState(String(site.settings.comp?.minExchange ?? ''));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({
      params: { id: site.id },
      body: {
        levelNames: names,
        rates: ratesBody(rates),
        ...(minExchange === '' ? {} : { minExchange: Number(minExchange) }),
      },
    });
  };
  return (
    <SaveForm state={change} saveLabel={t('settings.saveLevels')} onSubmit={submit}>
      <Field
        label={t('settings.minExchange')}
        type="number"
        min={0}
        value={minExchange}
        onValue={setMinExchange}
        style={{ maxWidth: 200 }}
      />
      <div className={ui.tableWrap}>
        <table className={ui.table} aria-label={t('settings.levelsTable')}>
          <thead>
            <tr>
              <th>{t('members.level')}</th>
              <th>{t('settings.name')}</th>
              <th className={ui.num}>{t('nav.members')}</th>
              {CATEGORIES.map((c) => (
                <th key={c}>{t('settings.compBp', { category: t(`games.category.${c}`) })}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {levels.map((l) => {
              const key = String(l.level);
              return (
                <tr key={key}>
                  <td data-label={t('members.level')}>{l.level}</td>
                  <td data-label={t('settings.name')}>
                    <input
                      className={`${ui.input} ${styles.nameInput}`}
                      aria-label={t('settings.levelName', { level: key })}
                      maxLength={30}
                      value={names[key] ?? ''}
                      onChange={(e) => setNames({ ...names, [key]: e.target.value })}
                    />
                  </td>
                  <td className={ui.num} data-label={t('nav.members')}>
                    {l.members}
                  </td>
                  {CATEGORIES.map((c) => (
                    <td key={c} data-label={t('settings.compBp', { category: t(`games.category.${c}`) })}>
                      <input
                        className={`${ui.input} ${styles.cellInput}`}
                        aria-label={t('settings.levelRate', { level: key, category: c })}
                        type="number"
                        min={0}
                        max={10_000}
                        placeholder="0"
                        value={rates[key]?.[c] ?? ''}
                        onChange={(e) =>
                          setRates({ ...rates, [key]: { ...rates[key]!, [c]: e.target.value } })
                        }
                      />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className={ui.muted}>{t('settings.compHint')}</p>
    </SaveForm>
  );
}

/** Member levels: their names, how many members each has, and their comp rates. */
export function LevelsCompForm({ site }: { site: SiteView }) {
  const { t } = useTranslation();
  const levels = useLevels(site.id);
  return (
    <Panel title={t('settings.levels')}>
      <Outcome error={levels.error} />
      {levels.data && <LevelsTable site={site} levels={levels.data.levels} />}
    </Panel>
  );
}
