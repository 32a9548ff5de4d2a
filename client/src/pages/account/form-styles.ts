export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900 shadow-sm focus:border-blue-600 focus:outline-2 focus:outline-blue-600';

export const labelClass = 'block text-sm font-medium text-slate-700';

export const primaryButton =
  'rounded-md bg-blue-600 px-5 py-2.5 font-semibold text-white hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-60';

/** Passwords chosen here follow the server's rule (contract: newPasswordSchema). */
export const PASSWORD_MIN_LENGTH = 8;
export const MISMATCH = 'As duas senhas não são iguais';
