// pt-BR texts of "Melhores horários" (issue 17 item 4; docs/best-time.md): the dashboard heat
// map, the reschedule suggestions and the theme option.
import type { BestTimeConfidence } from '../best-time/model.js';
import { PLATFORM_LABELS, type Platform } from '../constants/platforms.js';

/** Weekday names, 0 = Sunday. */
export const WEEKDAY_NAMES = ['domingo', 'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado'] as const;
/** Short weekday names for the heat map's rows, 0 = Sunday. */
export const WEEKDAY_SHORT = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'] as const;

const CONFIDENCE_TEXT: Record<BestTimeConfidence, string> = {
  baixa: 'confiança baixa: usando referências do setor',
  media: 'confiança média: seus resultados combinados com referências do setor',
  alta: 'confiança alta: com base nos seus próprios resultados',
};

const hourText = (hour: number) => `${String(hour).padStart(2, '0')}h`;

export const bestTimeMessages = {
  title: 'Melhores horários',
  description:
    'Quanto mais forte a cor, melhor o horário (índice de 0 a 100; 50 é um post típico seu). Horários no seu fuso.',
  networks: 'Rede social',
  loadError: 'Não foi possível carregar os melhores horários.',
  confidence: (posts: number, confidence: BestTimeConfidence) =>
    `Baseado em ${posts} ${posts === 1 ? 'post publicado' : 'posts publicados'} — ${CONFIDENCE_TEXT[confidence]}`,
  topSlots: 'Melhores horários da semana',
  noData: (network: string) =>
    `Ainda não há posts publicados com métricas no ${network}: o mapa mostra as referências do setor até os seus resultados chegarem.`,
  slot: (weekday: number, hour: number) => `${WEEKDAY_NAMES[weekday]} às ${hourText(hour)}`,
  cellLabel: (weekday: number, hour: number, score: number) =>
    `${WEEKDAY_NAMES[weekday]}, ${hourText(hour)}: índice ${score}`,
  tableCaption: (platform: Platform) => `Índice de engajamento por dia e hora — ${PLATFORM_LABELS[platform]}`,
  hourHeader: (hour: number) => hourText(hour),
  scrollHint: 'Deslize para ver todas as horas.',
  legendLow: 'pior',
  legendHigh: 'melhor',
  suggestionsTitle: 'Sugestões de horário',
  suggestionsHint: (network: string) =>
    `Horários livres com melhor resultado no ${network}. Clique para preencher.`,
  suggestionLabel: (when: string, score: number) => `${when} · índice ${score}`,
  suggestionsLoading: 'Buscando os melhores horários livres…',
  suggestionsError: 'Não foi possível carregar as sugestões de horário.',
  suggestionsEmpty: 'Nenhum horário livre nos próximos 14 dias.',
  suggestionFilled: (when: string) => `Data e hora preenchidas: ${when}. Salve para reagendar.`,
  themeOption: 'Usar o melhor horário de cada rede',
  themeOptionHint:
    'Os novos posts deste tema saem no melhor horário de cada rede no dia agendado, em vez de às 10:00. Posts já agendados não mudam.',
};
