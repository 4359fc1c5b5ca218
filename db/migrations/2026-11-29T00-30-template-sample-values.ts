// Issue 30: the email template editor previews a template with its `variables` as sample values
// ("Objeto JSON com o nome de cada variável e um valor de exemplo"), but the seeded templates
// stored a description there, so the preview read "expira em Dias até expirar dias". This replaces
// each seeded template's descriptions with sample values that read correctly — only where an
// administrator has not changed them. The real values are always set by the sender.
//
// Frozen in time: never edit once shipped.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

const SEEDED: Record<string, { descriptions: Record<string, string>; samples: Record<string, string> }> = {
  welcome: {
    descriptions: {
      first_name: 'Nome do usuário',
      app_url: 'Endereço da Pauta',
    },
    samples: {
      first_name: 'Ana',
      app_url: 'https://pauta.app',
    },
  },
  publish_failure: {
    descriptions: {
      first_name: 'Nome do usuário',
      post_title: 'Título do post',
      platform: 'Rede social',
      scheduled_for: 'Data agendada',
      error_message: 'Motivo da falha',
      post_url: 'Link para o post',
    },
    samples: {
      first_name: 'Ana',
      post_title: 'Cinco dicas de café coado',
      platform: 'LinkedIn',
      scheduled_for: '28/11/2026 às 10:00',
      error_message: 'o LinkedIn recusou o texto por ser longo demais',
      post_url: 'https://pauta.app/scheduled-posts',
    },
  },
  password_reset: {
    descriptions: {
      first_name: 'Nome do usuário',
      reset_url: 'Link de redefinição',
    },
    samples: {
      first_name: 'Ana',
      reset_url: 'https://pauta.app/reset-password?token=exemplo',
    },
  },
  data_deletion_confirm: {
    descriptions: {
      first_name: 'Nome do usuário',
      confirm_url: 'Link de confirmação',
    },
    samples: {
      first_name: 'Ana',
      confirm_url: 'https://pauta.app/data-deletion/confirm?token=exemplo',
    },
  },
  publish_failure_digest: {
    descriptions: {
      first_name: 'Nome do usuário',
      count: 'Quantos posts falharam',
      post_list: 'Um post por linha: título, rede, data e motivo',
      post_url: 'Link para os posts',
      window: 'Intervalo entre os avisos',
    },
    samples: {
      first_name: 'Ana',
      count: '3',
      post_list:
        'Cinco dicas de café coado — LinkedIn — 28/11/2026 10:00 — texto longo demais\nBastidores da torra — X (Twitter) — 28/11/2026 18:30 — conta desconectada',
      post_url: 'https://pauta.app/scheduled-posts',
      window: '1 hora',
    },
  },
  worker_down: {
    descriptions: {
      first_name: 'Nome do administrador',
      minutes: 'Minutos sem worker',
      due_posts: 'Posts atrasados',
      last_seen: 'Último sinal de um worker',
      admin_url: 'Link para a Administração',
    },
    samples: {
      first_name: 'Ana',
      minutes: '12',
      due_posts: '5',
      last_seen: '28/11/2026 às 09:48',
      admin_url: 'https://pauta.app/admin',
    },
  },
  account_expiring: {
    descriptions: {
      first_name: 'Nome do usuário',
      platform: 'Rede social',
      account_name: 'Nome da conta na rede',
      expires_on: 'Data em que a autorização expira',
      days: 'Dias até expirar',
      accounts_url: 'Link para Contas Conectadas',
    },
    samples: {
      first_name: 'Ana',
      platform: 'LinkedIn',
      account_name: 'Padaria da Ana',
      expires_on: '05/12/2026',
      days: '7',
      accounts_url: 'https://pauta.app/connected-accounts',
    },
  },
  client_approval_action: {
    descriptions: {
      first_name: 'Nome do usuário',
      client_name: 'Nome do cliente',
      action: 'aprovou / pediu ajustes em',
      post_title: 'Título do post',
      platform: 'Rede social',
      comment_line: 'O comentário do cliente, quando há',
      next_step: 'O que acontece agora',
      board_url: 'Link para o quadro de aprovação',
    },
    samples: {
      first_name: 'Ana',
      client_name: 'Marina (cliente)',
      action: 'aprovou',
      post_title: 'Cinco dicas de café coado',
      platform: 'LinkedIn',
      comment_line: 'Comentário do cliente: "Pode publicar!"',
      next_step: 'O post segue agendado para 28/11/2026 às 10:00.',
      board_url: 'https://pauta.app/approval-board',
    },
  },
  signin_link: {
    descriptions: {
      first_name: 'Nome do usuário',
      signin_url: 'Link de acesso (15 minutos, uso único)',
      reset_url: 'Página para redefinir a senha',
    },
    samples: {
      first_name: 'Ana',
      signin_url: 'https://pauta.app/auth/link?token=exemplo',
      reset_url: 'https://pauta.app/reset-password?token=exemplo',
    },
  },
  signup_existing_account: {
    descriptions: {
      first_name: 'Nome do usuário',
      email: 'Email da conta',
      signin_url: 'Página de login',
      reset_url: 'Página para redefinir a senha',
    },
    samples: {
      first_name: 'Ana',
      email: 'ana@exemplo.com.br',
      signin_url: 'https://pauta.app/auth/link?token=exemplo',
      reset_url: 'https://pauta.app/reset-password?token=exemplo',
    },
  },
};

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
async function swap(db: Kysely<any>, from: 'descriptions' | 'samples', to: 'descriptions' | 'samples') {
  for (const [name, values] of Object.entries(SEEDED)) {
    await db
      .updateTable('email_templates')
      .set({ variables: sql`${JSON.stringify(values[to])}::jsonb` })
      .where('template_name', '=', name)
      .where(sql<boolean>`variables = ${JSON.stringify(values[from])}::jsonb`)
      .execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see swap().
export async function up(db: Kysely<any>): Promise<void> {
  await swap(db, 'descriptions', 'samples');
}

// biome-ignore lint/suspicious/noExplicitAny: see swap().
export async function down(db: Kysely<any>): Promise<void> {
  await swap(db, 'samples', 'descriptions');
}
