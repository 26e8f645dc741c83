/** Button looks shared by the admin screens (visible focus rings everywhere). */
const base =
  'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50';
export const btnPrimary = `${base} bg-emerald-700 text-white hover:bg-emerald-800 focus-visible:ring-emerald-500`;
export const btnSecondary = `${base} border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 focus-visible:ring-emerald-500`;
export const btnDanger = `${base} bg-red-600 text-white hover:bg-red-700 focus-visible:ring-red-500`;
export const btnDangerOutline = `${base} border border-red-300 bg-white text-red-700 hover:bg-red-50 focus-visible:ring-red-500`;
export const btnAi = `${base} border border-violet-300 bg-violet-50 text-violet-800 hover:bg-violet-100 focus-visible:ring-violet-500`;
const iconBase =
  'inline-flex h-9 w-9 items-center justify-center rounded-md focus:outline-none focus-visible:ring-2 disabled:cursor-not-allowed disabled:opacity-40';
export const iconBtn = `${iconBase} text-slate-600 hover:bg-slate-100 focus-visible:ring-emerald-500`;
export const iconBtnDanger = `${iconBase} text-red-600 hover:bg-red-50 focus-visible:ring-red-500 disabled:text-slate-400 disabled:hover:bg-transparent`;
export const inputClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-emerald-500 focus:outline-none focus:ring-2 focus:ring-emerald-200 disabled:bg-slate-100';
export const labelClass = 'block text-sm font-medium text-slate-700';
