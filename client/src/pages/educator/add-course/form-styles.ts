export const inputClass =
  'w-full rounded border border-gray-400 px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-blue-600';

export const labelClass = 'block text-sm font-medium text-gray-700';
