import type { ReactNode } from 'react';

export interface Column {
  label: ReactNode;
  className?: string;
}

/** The plain admin list table (users, scraper logs, catalog): one look for headers and rows, scrolling sideways on phones. */
export function Table({ columns, children }: { columns: Column[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            {columns.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a table's columns are fixed and some labels are empty or elements; the position is the column.
              <th key={i} scope="col" className={`px-4 py-3 ${c.className ?? ''}`}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}
