// pt-BR notes of the temporary placeholder pages (/auth, /privacy-policy, /data-deletion).
// core/messages has no key for them because they disappear when the real screens land.
export const placeholderTexts = {
  authComingSoon:
    'O login e o cadastro estão quase prontos e chegam em breve. Enquanto isso, conheça o Pauta na página inicial.',
  pageComingSoon: 'Esta página está sendo preparada e chega em breve.',
} as const;
