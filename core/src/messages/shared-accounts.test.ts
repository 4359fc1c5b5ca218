import { describe, expect, it } from 'vitest';
import { sharedAccountMessages } from './shared-accounts.js';

describe('sharedAccountMessages', () => {
  it('names the member workspaces and hides the others', () => {
    expect(sharedAccountMessages.alsoConnected({ names: [], hidden: 0 })).toBeNull();
    expect(sharedAccountMessages.alsoConnected({ names: ['Padaria'], hidden: 0 })).toBe(
      'Esta conta também está conectada em Padaria.',
    );
    expect(sharedAccountMessages.alsoConnected({ names: [], hidden: 1 })).toBe(
      'Esta conta também está conectada em outro cliente do Pauta.',
    );
    expect(sharedAccountMessages.alsoConnected({ names: ['A', 'B', 'C'], hidden: 2 })).toBe(
      'Esta conta também está conectada em A, B e C e em outros clientes do Pauta.',
    );
  });

  it('says the access at the network was not revoked', () => {
    expect(sharedAccountMessages.stillConnected({ names: ['Padaria'], hidden: 0 })).toBe(
      'A conta continua conectada em Padaria; o acesso da Pauta na rede não foi revogado.',
    );
    expect(sharedAccountMessages.stillConnected({ names: [], hidden: 0 })).toBeNull();
  });
});
