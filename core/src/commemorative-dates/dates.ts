// Brazilian commemorative dates for any year (issue 30 item 9; docs/commemorative-dates.md): the
// calendar's day labels and the theme form's "Datas comemorativas" ideas for the AI. Pure: no clock.
import type { CalendarDate } from '../scheduling/zoned-time.js';
import { addDays, weekdayOf } from '../scheduling/zoned-time.js';

export const COMMEMORATIVE_CATEGORIES = ['nacional', 'varejo', 'tematica'] as const;
/** nacional: holidays and civic dates; varejo: retail dates; tematica: professions and causes. */
export type CommemorativeCategory = (typeof COMMEMORATIVE_CATEGORIES)[number];

export interface CommemorativeDate {
  /** One occurrence: the date's id and year, 'black-friday-2026' (what the theme form sends). */
  key: string;
  /** The date's id, the same every year ('black-friday'). */
  id: string;
  name: string;
  /** The name on a calendar day, where room is short ('Consciência Negra'); `name` otherwise. */
  shortName: string;
  date: CalendarDate;
  /** 'YYYY-MM-DD'. */
  isoDate: string;
  category: CommemorativeCategory;
  /** A national holiday by federal law (Lei 662/1949, 6.802/1980, 14.759/2023…). */
  holiday: boolean;
  /** Why it matters for content, in pt-BR. */
  description: string;
}

interface DateRule {
  id: string;
  name: string;
  shortName?: string;
  category: CommemorativeCategory;
  holiday: boolean | ((year: number) => boolean);
  description: string;
  /** The day in `year`; null when the date does not exist that year. */
  on: (year: number, easter: CalendarDate) => CalendarDate | null;
}

/** Easter Sunday of the Gregorian calendar (the anonymous "Meeus/Jones/Butcher" computus). */
export function easterSunday(year: number): CalendarDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { year, month, day };
}

/** The `nth` (1-based) given weekday (0 = Sunday) of a month. */
export function nthWeekdayOfMonth(year: number, month: number, weekday: number, nth: number): CalendarDate {
  const first = { year, month, day: 1 };
  const offset = (weekday - weekdayOf(first) + 7) % 7;
  return addDays(first, offset + 7 * (nth - 1));
}

/** Black Friday: the Friday after the 4th Thursday of November (US Thanksgiving). */
export function blackFriday(year: number): CalendarDate {
  return addDays(nthWeekdayOfMonth(year, 11, 4, 4), 1);
}

const fixed =
  (month: number, day: number) =>
  (year: number): CalendarDate => ({ year, month, day });

const RULES: readonly DateRule[] = [
  {
    id: 'confraternizacao-universal',
    name: 'Confraternização Universal',
    category: 'nacional',
    holiday: true,
    description: 'Ano-Novo: metas, recomeços e a retrospectiva do que vem por aí.',
    on: fixed(1, 1),
  },
  {
    id: 'carnaval',
    name: 'Carnaval',
    category: 'nacional',
    holiday: false,
    description:
      'Ponto facultativo e a maior festa do país: humor, fantasias, cuidados e horários de atendimento.',
    on: (_year, easter) => addDays(easter, -47),
  },
  {
    id: 'dia-da-mulher',
    name: 'Dia Internacional da Mulher',
    category: 'tematica',
    holiday: false,
    description: 'Homenagens e histórias de mulheres; evite clichês e valorize conquistas reais.',
    on: fixed(3, 8),
  },
  {
    id: 'dia-do-consumidor',
    name: 'Dia do Consumidor',
    category: 'varejo',
    holiday: false,
    description: 'Data forte do varejo em março: ofertas, direitos do consumidor e atendimento.',
    on: fixed(3, 15),
  },
  {
    id: 'sexta-feira-santa',
    name: 'Sexta-feira Santa',
    category: 'nacional',
    holiday: true,
    description: 'Feriado nacional da Semana Santa: tom respeitoso, reflexão e horários de funcionamento.',
    on: (_year, easter) => addDays(easter, -2),
  },
  {
    id: 'pascoa',
    name: 'Páscoa',
    category: 'varejo',
    holiday: false,
    description:
      'Chocolates, encontros em família e renovação: presentes e campanhas de fim de março ou abril.',
    on: (_year, easter) => easter,
  },
  {
    id: 'tiradentes',
    name: 'Tiradentes',
    category: 'nacional',
    holiday: true,
    description: 'Feriado nacional: história do Brasil, liberdade e o feriadão de abril.',
    on: fixed(4, 21),
  },
  {
    id: 'dia-do-trabalho',
    name: 'Dia do Trabalho',
    category: 'nacional',
    holiday: true,
    description: 'Feriado nacional: homenagem a equipes, bastidores e valorização de quem trabalha.',
    on: fixed(5, 1),
  },
  {
    id: 'dia-das-maes',
    name: 'Dia das Mães',
    category: 'varejo',
    holiday: false,
    description: 'Segundo domingo de maio e uma das maiores datas do comércio: homenagens e presentes.',
    on: (year) => nthWeekdayOfMonth(year, 5, 0, 2),
  },
  {
    id: 'dia-do-meio-ambiente',
    name: 'Dia Mundial do Meio Ambiente',
    category: 'tematica',
    holiday: false,
    description: 'Sustentabilidade na prática: o que o seu negócio faz pelo planeta.',
    on: fixed(6, 5),
  },
  {
    id: 'dia-dos-namorados',
    name: 'Dia dos Namorados',
    category: 'varejo',
    holiday: false,
    description: 'Data brasileira do amor (12 de junho): presentes, experiências e promoções para casais.',
    on: fixed(6, 12),
  },
  {
    id: 'corpus-christi',
    name: 'Corpus Christi',
    category: 'nacional',
    holiday: false,
    description:
      'Ponto facultativo nacional (feriado em muitas cidades): feriadão e horários de atendimento.',
    on: (_year, easter) => addDays(easter, 60),
  },
  {
    id: 'sao-joao',
    name: 'Festa Junina (São João)',
    category: 'tematica',
    holiday: false,
    description: 'Arraiás, comidas típicas e decoração junina: conteúdo leve e regional.',
    on: fixed(6, 24),
  },
  {
    id: 'dia-do-amigo',
    name: 'Dia do Amigo',
    category: 'tematica',
    holiday: false,
    description: 'Amizade e indicação: bom dia para marcar amigos e campanhas de "indique e ganhe".',
    on: fixed(7, 20),
  },
  {
    id: 'dia-dos-avos',
    name: 'Dia dos Avós',
    category: 'tematica',
    holiday: false,
    description: 'Memórias de família e homenagens aos avós.',
    on: fixed(7, 26),
  },
  {
    id: 'dia-dos-pais',
    name: 'Dia dos Pais',
    category: 'varejo',
    holiday: false,
    description: 'Segundo domingo de agosto: homenagens, presentes e histórias de pais.',
    on: (year) => nthWeekdayOfMonth(year, 8, 0, 2),
  },
  {
    id: 'independencia',
    name: 'Independência do Brasil',
    category: 'nacional',
    holiday: true,
    description: 'Feriado nacional de 7 de setembro: orgulho do que é feito no Brasil.',
    on: fixed(9, 7),
  },
  {
    id: 'dia-do-cliente',
    name: 'Dia do Cliente',
    category: 'varejo',
    holiday: false,
    description: 'Agradeça a quem compra de você: depoimentos, brindes e condições especiais.',
    on: fixed(9, 15),
  },
  {
    id: 'dia-das-criancas',
    name: 'Dia das Crianças',
    category: 'varejo',
    holiday: false,
    description: 'Brinquedos, nostalgia e atividades em família; cuidado com publicidade para crianças.',
    on: fixed(10, 12),
  },
  {
    id: 'nossa-senhora-aparecida',
    name: 'Nossa Senhora Aparecida',
    category: 'nacional',
    holiday: true,
    description: 'Feriado nacional da padroeira do Brasil, no mesmo dia do Dia das Crianças.',
    on: fixed(10, 12),
  },
  {
    id: 'dia-do-professor',
    name: 'Dia do Professor',
    category: 'tematica',
    holiday: false,
    description: 'Homenagem a quem ensina: histórias de aprendizado e agradecimentos.',
    on: fixed(10, 15),
  },
  {
    id: 'dia-do-medico',
    name: 'Dia do Médico',
    category: 'tematica',
    holiday: false,
    description: 'Saúde e prevenção; homenagem aos profissionais da área.',
    on: fixed(10, 18),
  },
  {
    id: 'halloween',
    name: 'Halloween (Dia das Bruxas)',
    category: 'tematica',
    holiday: false,
    description: 'Fantasias e brincadeiras de 31 de outubro, também Dia do Saci no Brasil.',
    on: fixed(10, 31),
  },
  {
    id: 'finados',
    name: 'Finados',
    category: 'nacional',
    holiday: true,
    description: 'Feriado nacional de memória: tom sóbrio, evite promoções.',
    on: fixed(11, 2),
  },
  {
    id: 'proclamacao-da-republica',
    name: 'Proclamação da República',
    category: 'nacional',
    holiday: true,
    description: 'Feriado nacional de 15 de novembro: história e o feriadão antes da Black Friday.',
    on: fixed(11, 15),
  },
  {
    id: 'consciencia-negra',
    name: 'Dia Nacional de Zumbi e da Consciência Negra',
    shortName: 'Consciência Negra',
    category: 'nacional',
    // Lei 14.759/2023 made it a national holiday from 2024 on.
    holiday: (year) => year >= 2024,
    description: 'Feriado nacional desde 2024: história, representatividade e combate ao racismo.',
    on: fixed(11, 20),
  },
  {
    id: 'black-friday',
    name: 'Black Friday',
    category: 'varejo',
    holiday: false,
    description: 'A maior data de promoções do ano: antecipe ofertas, prazos e condições especiais.',
    on: blackFriday,
  },
  {
    id: 'cyber-monday',
    name: 'Cyber Monday',
    category: 'varejo',
    holiday: false,
    description: 'A segunda-feira depois da Black Friday: ofertas on-line e últimas chamadas.',
    on: (year) => addDays(blackFriday(year), 3),
  },
  {
    id: 'natal',
    name: 'Natal',
    category: 'nacional',
    holiday: true,
    description: 'Feriado nacional e a maior data do varejo: presentes, mensagens e balanço do ano.',
    on: fixed(12, 25),
  },
  {
    id: 'reveillon',
    name: 'Réveillon',
    category: 'tematica',
    holiday: false,
    description: 'Véspera de Ano-Novo: retrospectiva, agradecimentos e votos para o próximo ano.',
    on: fixed(12, 31),
  },
];

/** Years the dates are computed for (the Gregorian computus holds long beyond these). */
export const COMMEMORATIVE_YEARS = { min: 1900, max: 2999 } as const;

const pad2 = (value: number) => String(value).padStart(2, '0');

function isoOf(date: CalendarDate): string {
  return `${date.year}-${pad2(date.month)}-${pad2(date.day)}`;
}

function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

function occurrence(rule: DateRule, year: number, easter: CalendarDate): CommemorativeDate | null {
  const date = rule.on(year, easter);
  if (!date) return null;
  return {
    key: `${rule.id}-${year}`,
    id: rule.id,
    name: rule.name,
    shortName: rule.shortName ?? rule.name,
    date,
    isoDate: isoOf(date),
    category: rule.category,
    holiday: typeof rule.holiday === 'function' ? rule.holiday(year) : rule.holiday,
    description: rule.description,
  };
}

/** Every commemorative date of `year`, in date order (the rules' order within a day). */
export function commemorativeDatesOfYear(year: number): CommemorativeDate[] {
  if (!Number.isInteger(year) || year < COMMEMORATIVE_YEARS.min || year > COMMEMORATIVE_YEARS.max) return [];
  const easter = easterSunday(year);
  return RULES.map((rule) => occurrence(rule, year, easter))
    .filter((date): date is CommemorativeDate => date !== null)
    .sort((a, b) => compareDates(a.date, b.date));
}

/** The dates from `from` to `to`, both included, across years. */
export function commemorativeDatesBetween(from: CalendarDate, to: CalendarDate): CommemorativeDate[] {
  const dates: CommemorativeDate[] = [];
  for (let year = from.year; year <= to.year; year += 1) {
    for (const date of commemorativeDatesOfYear(year)) {
      if (compareDates(date.date, from) >= 0 && compareDates(date.date, to) <= 0) dates.push(date);
    }
  }
  return dates;
}

/** Dates one theme may pick for the AI (60 days hold at most about 8). */
export const MAX_COMMEMORATIVE_DATES = 10;

/** The days ahead the theme form offers dates for (issue 30: "the next ~60 days"). */
export const COMMEMORATIVE_IDEAS_DAYS = 60;

/** The dates a new theme is offered: from `today` (included) through the next `days` days. */
export function upcomingCommemorativeDates(
  today: CalendarDate,
  days: number = COMMEMORATIVE_IDEAS_DAYS,
): CommemorativeDate[] {
  return commemorativeDatesBetween(today, addDays(today, days));
}

const KEY = /^([a-z0-9-]+)-(\d{4})$/;

/** The occurrence a key names ('black-friday-2026'), or undefined. */
export function findCommemorativeDate(key: string): CommemorativeDate | undefined {
  const match = KEY.exec(key);
  if (!match) return undefined;
  return commemorativeDatesOfYear(Number(match[2])).find((date) => date.key === key);
}
