import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { HouseRules } from '../../../shared/contract/sports-api.ts';
import { formatOdds, type OddsFormat } from '../../../shared/sports/odds-format.ts';
import { PRICE_CHANGE_CHOICES } from '../../../shared/sports/refusals.ts';
import { sportsLocale, useSportsT } from '../i18n.ts';
import {
  amountText,
  deadHeatExample,
  exactAmountText,
  hoursText,
  minutesText,
  roundingExample,
  secondsText,
} from './figures.ts';
import styles from './rules.module.css';

interface Section {
  id: string;
  intro?: string;
  items: ReactNode[];
  example?: ReactNode;
}

/** The rules themselves, section by section, with the live settings and worked examples in them. */
export function RuleSections({ rules, format }: { rules: HouseRules; format: OddsFormat }) {
  const { t: r } = useTranslation('sportsRules');
  const t = useSportsT();
  const locale = sportsLocale;
  const amount = (minor: bigint | number) => amountText(minor, rules.currency, locale);
  /** A rule with figures in it: `<b>` marks the live ones, `<ui>` the window's own words (a button, a tab). */
  const rich = (key: string, values: Record<string, string>) => (
    <Trans
      t={r}
      i18nKey={key}
      values={values}
      components={{ b: <strong className={styles.figure} />, ui: <strong className={styles.uiName} /> }}
    />
  );
  const deadHeat = deadHeatExample(rules.rounding);
  const rounding = roundingExample(rules.rounding);

  const sections: Section[] = [
    {
      id: 'void',
      items: [
        r('void.cancelled'),
        rich('void.postponed', { hours: hoursText(rules.postponeVoidHours, locale) }),
        r('void.selection'),
      ],
    },
    {
      id: 'multiples',
      items: [
        r('multiples.voidLeg'),
        r(rules.reducedMultiple === 'void' ? 'multiples.reducedVoid' : 'multiples.reducedSingle'),
        r('multiples.lostLeg'),
        r('multiples.system'),
      ],
    },
    {
      id: 'deadHeat',
      items: [r('deadHeat.rule')],
      example: r('deadHeat.example', {
        stake: amount(deadHeat.stake),
        price: formatOdds(deadHeat.price, format),
        part: amount(deadHeat.part),
        return: amount(deadHeat.paid),
      }),
    },
    {
      id: 'palpable',
      items: [
        rich('palpable.rule', { window: minutesText(rules.cancelWindowMinutes, locale) }),
        r('palpable.affected'),
        rich('palpable.reason', { myBets: t('myBets') }),
      ],
    },
    {
      id: 'limits',
      items: [
        rules.maxStake === null
          ? r('limits.noStake')
          : rich('limits.maxStake', { amount: amount(rules.maxStake) }),
        rules.maxPayout === null
          ? r('limits.noPayout')
          : rich('limits.maxPayout', { amount: amount(rules.maxPayout) }),
        r('limits.perSelection'),
        r('limits.stricter'),
      ],
    },
    {
      id: 'rounding',
      items: [r(`rounding.${rules.rounding}`)],
      example: rich('rounding.example', {
        stake: amount(rounding.stake),
        price: formatOdds(rounding.price, format),
        exact: exactAmountText(rounding.exact, rules.currency, locale),
        paid: amount(rounding.paid),
      }),
    },
    {
      id: 'inPlay',
      items: [
        rich('inPlay.delay', { delay: secondsText(rules.betDelaySeconds, locale) }),
        r('inPlay.refused'),
        r('inPlay.better'),
      ],
    },
    {
      id: 'priceChange',
      intro: r('priceChange.intro'),
      items: PRICE_CHANGE_CHOICES.map((choice) =>
        rich(`priceChange.${choice}`, { label: t(`priceChange.${choice}`) }),
      ),
    },
    {
      id: 'results',
      items: [
        r(rules.confirmResults ? 'results.confirmOn' : 'results.confirmOff'),
        r('results.correction'),
        r('results.debt'),
      ],
    },
  ];

  return (
    <ol className={styles.sections}>
      {sections.map((s) => (
        <li key={s.id} className={styles.section} data-testid={`rules-${s.id}`}>
          <h3 className={styles.sectionTitle}>{r(`${s.id}.title`)}</h3>
          {s.intro && <p className={styles.sectionIntro}>{s.intro}</p>}
          <ul className={styles.items}>
            {s.items.map((item, i) => (
              // The items of a section are fixed in number and order.
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
              <li key={i}>{item}</li>
            ))}
          </ul>
          {s.example && (
            <p className={styles.example} data-testid={`rules-${s.id}-example`}>
              {s.example}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
