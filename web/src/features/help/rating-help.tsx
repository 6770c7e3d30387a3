import {
  applyRatingEvent,
  formatRatingPoints,
  type GaugeTone,
  gaugeTone,
  type PaymentRatingTone,
  paymentRatingTone,
  RATING,
  RATING_RULES,
  ratingPercent,
} from '@app/shared';
import { cx, Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../ui/index.ts';
import { AppLink, Bullets, P, SubHeading, Ui } from './help-prose.tsx';

/** A points total away from both clamps, to show an event's effect in percent. */
const MIDDLE_TENTHS = 50;

/** How much one event moves the rating in percent ("+1 %", "−10 %"), by the engine's own formula. */
export function percentEffect(tenths: number): string {
  const delta = ratingPercent(MIDDLE_TENTHS + tenths) - ratingPercent(MIDDLE_TENTHS);
  const sign = delta > 0 ? '+' : delta < 0 ? '−' : '';
  return `${sign}${String(Math.abs(delta)).replace('.', ',')} %`;
}

/** The most penalty points (in tenths) that still keep the rating at the deal threshold. */
export function thresholdTenths(): number {
  let tenths = RATING.floorTenths;
  while (ratingPercent(tenths + 1) >= RATING.minPercent) tenths += 1;
  return tenths;
}

/** Points above the floor that do not yet lower a 100 % rating (the reserve the floor gives). */
export function reserveTenths(): number {
  let tenths = RATING.floorTenths;
  while (ratingPercent(tenths + 1) === 100) tenths += 1;
  return tenths - RATING.floorTenths;
}

export interface ColourBand {
  from: number;
  to: number;
  gauge: GaugeTone;
  payments: PaymentRatingTone;
}

/** The colour bands of both scales, found by asking the colour functions at every whole percent. */
export function colourBands(): ColourBand[] {
  const bands: ColourBand[] = [];
  for (let percent = 100; percent >= 0; percent -= 1) {
    const gauge = gaugeTone(percent);
    const payments = paymentRatingTone(percent);
    const last = bands.at(-1);
    if (last && last.gauge === gauge && last.payments === payments) last.from = percent;
    else bands.push({ from: percent, to: percent, gauge, payments });
  }
  return bands;
}

const TONE_WORDS: Record<GaugeTone | PaymentRatingTone, string> = {
  green: 'зелёный',
  yellow: 'жёлтый',
  orange: 'оранжевый',
  red: 'красный',
};

const TONE_DOTS: Record<GaugeTone | PaymentRatingTone, string> = {
  green: 'bg-success-500',
  yellow: 'bg-yellow-400',
  orange: 'bg-warning-500',
  red: 'bg-danger-500',
};

function Tone({ tone }: { tone: GaugeTone | PaymentRatingTone }) {
  return (
    <span className="inline-flex items-center gap-2" data-tone={tone}>
      <span aria-hidden className={cx('size-2.5 shrink-0 rounded-full', TONE_DOTS[tone])} />
      {TONE_WORDS[tone]}
    </span>
  );
}

function ruleTenths(kind: (typeof RATING_RULES)[number]['kind']): number {
  return RATING_RULES.find((rule) => rule.kind === kind)?.tenths ?? 0;
}

/** A worked example, computed by the engine's functions from the rules table. */
export function ratingExample(): { event: string; points: string; percent: string }[] {
  const steps: { event: string; tenths: number }[] = [
    { event: 'Открыт спор', tenths: ruleTenths('created') },
    { event: 'Открыт ещё один спор', tenths: ruleTenths('created') },
    { event: 'Этот спор завершён в течение 18 часов', tenths: ruleTenths('finished_within_18h') },
    { event: '10 успешных сделок', tenths: ruleTenths('deal_completed') * 10 },
  ];
  let points = 0;
  const rows = [{ event: 'Начало', points: formatRatingPoints(0) || '0', percent: `${ratingPercent(0)} %` }];
  for (const step of steps) {
    points = applyRatingEvent(points, step.tenths);
    rows.push({
      event: step.event,
      points: formatRatingPoints(points) || '0',
      percent: `${ratingPercent(points)} %`,
    });
  }
  return rows;
}

/** Beginners → rating: spec §9 Rating rules, printed from the table the engine applies. */
export function RatingHelp() {
  const threshold = thresholdTenths();
  const floor = formatRatingPoints(RATING.floorTenths);
  return (
    <div className="flex flex-col gap-4">
      <P>
        Рейтинг показывает, насколько надёжно вы проводите сделки. Он считается в штрафных баллах: события по
        вашим сделкам добавляют или снимают баллы, а рейтинг в процентах равен <Ui>100 − 10 × баллы</Ui> и не
        выходит за пределы 0–100 %. Меньше баллов — выше рейтинг. Он пересчитывается сразу после каждого
        события.
      </P>

      <Table aria-label="Как события меняют рейтинг" data-testid="rating-rules">
        <TableHead>
          <tr>
            <TableHeaderCell>Событие</TableHeaderCell>
            <TableHeaderCell align="right">Баллы</TableHeaderCell>
            <TableHeaderCell align="right">Рейтинг</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBody>
          {RATING_RULES.map((rule) => (
            <TableRow key={rule.kind} data-kind={rule.kind}>
              <TableCell className="h-auto py-3 text-gray-900">{rule.text}</TableCell>
              <TableCell align="right" className="h-auto py-3 font-semibold whitespace-nowrap">
                {formatRatingPoints(rule.tenths)}
              </TableCell>
              <TableCell align="right" className="h-auto py-3 whitespace-nowrap">
                <span className={rule.tenths < 0 ? 'text-success-700' : 'text-danger-600'}>
                  {percentEffect(rule.tenths)}
                </span>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>

      <SubHeading>Кому и когда доступны сделки</SubHeading>
      <Bullets
        items={[
          <>
            Новый платёжный метод начинает с рейтинга трейдера на момент создания. Дальше у метода свой
            рейтинг: его меняют только сделки этого метода, а рейтинг трейдера — сделки всех его методов.
          </>,
          <>Метод с рейтингом ниже {RATING.minPercent} % не получает сделок.</>,
          <>
            Если рейтинг трейдера ниже {RATING.minPercent} %, добавить новый метод нельзя и сделки не приходят
            ни на один его метод.
          </>,
          <>
            Рейтинг {RATING.minPercent} % соответствует {formatRatingPoints(threshold)} балла; при{' '}
            {formatRatingPoints(threshold + 1)} баллах рейтинг уже {ratingPercent(threshold + 1)} % и сделки
            прекращаются.
          </>,
          <>
            Лучшая граница — {floor} балла: ниже баллы не опускаются, сколько бы ни было успешных сделок. При{' '}
            {floor} баллах рейтинг 100 % с запасом: первые{' '}
            {formatRatingPoints(reserveTenths()).replace('+', '')} штрафных балла его ещё не снижают.
          </>,
          <>
            Поддержка может скорректировать рейтинг трейдера по итогам разбора; корректировка записывается в
            историю рейтинга вместе с остальными событиями.
          </>,
        ]}
      />

      <SubHeading>Пример</SubHeading>
      <Table aria-label="Пример расчёта рейтинга" data-testid="rating-example">
        <TableHead>
          <tr>
            <TableHeaderCell>Что произошло</TableHeaderCell>
            <TableHeaderCell align="right">Баллы</TableHeaderCell>
            <TableHeaderCell align="right">Рейтинг</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBody>
          {ratingExample().map((row) => (
            <TableRow key={row.event}>
              <TableCell className="h-auto py-2.5">{row.event}</TableCell>
              <TableCell align="right" className="h-auto py-2.5 whitespace-nowrap">
                {row.points}
              </TableCell>
              <TableCell align="right" className="h-auto py-2.5 font-semibold whitespace-nowrap">
                {row.percent}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>

      <SubHeading>Где видно рейтинг и что означает цвет</SubHeading>
      <P>
        Рейтинг трейдера — на шкале <Ui>Rating</Ui> на <AppLink to="/">главной</AppLink> и в Telegram по
        команде <Ui>/status</Ui>; рейтинг каждого метода — на его карточке на странице{' '}
        <AppLink to="/payments">Payments</AppLink>. Пока рейтинг загружается, шкала серая и без числа.
      </P>
      <Table aria-label="Цвет рейтинга" data-testid="rating-colours">
        <TableHead>
          <tr>
            <TableHeaderCell>Рейтинг</TableHeaderCell>
            <TableHeaderCell>Шкала на главной</TableHeaderCell>
            <TableHeaderCell>Карточки Payments</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBody>
          {colourBands().map((band) => (
            <TableRow key={band.from}>
              <TableCell className="h-auto py-2.5 whitespace-nowrap tabular-nums">
                {band.from}–{band.to} %
              </TableCell>
              <TableCell className="h-auto py-2.5">
                <Tone tone={band.gauge} />
              </TableCell>
              <TableCell className="h-auto py-2.5">
                <Tone tone={band.payments} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
