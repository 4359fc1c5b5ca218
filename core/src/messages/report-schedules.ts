/** pt-BR texts of the scheduled report email (docs/reports.md "Scheduled email"). */
export const reportScheduleMessages = {
  title: 'Envio automático',
  intro:
    'A Pauta gera o relatório do período que acabou e envia por email, com o PDF anexo, para os endereços abaixo. Cada período é enviado uma vez só.',
  frequencyLabel: 'Frequência',
  frequencies: {
    off: 'Desligado',
    monthly: 'Mensal',
    weekly: 'Semanal',
  },
  frequencyHint: {
    off: 'Nenhum relatório é enviado.',
    monthly: 'No dia 1º de cada mês, com o relatório do mês anterior.',
    weekly: 'Toda segunda-feira, com o relatório da semana anterior (segunda a domingo).',
  },
  timeZone: (zone: string) =>
    `Dias e horário de envio no fuso ${zone.replace(/_/g, ' ')}, o do dono deste cliente (Configurações › Fuso horário).`,
  recipientsLabel: 'Destinatários',
  recipientsDescription: 'Até 10 emails. Tecle Enter ou vírgula depois de cada um.',
  recipientsPlaceholder: 'cliente@empresa.com.br',
  recipientsRequired: 'Informe pelo menos um email para receber o relatório.',
  recipientsTooMany: 'Informe no máximo 10 emails.',
  recipientInvalid: (address: string) => `"${address}" não é um email válido.`,
  save: 'Salvar',
  saving: 'Salvando…',
  savedTitle: 'Envio automático salvo',
  saved: {
    off: 'O envio automático de relatórios está desligado.',
    monthly: 'O relatório mensal será enviado no dia 1º de cada mês.',
    weekly: 'O relatório semanal será enviado toda segunda-feira.',
  },
  saveError: 'Não foi possível salvar o envio automático.',
  loadError: 'Não foi possível carregar o envio automático.',
  lastSent: (period: string, when: string) => `Último envio: relatório de ${period}, em ${when}.`,
} as const;
