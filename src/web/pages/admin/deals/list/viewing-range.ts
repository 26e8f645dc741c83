/** The footer of Deals Management: 'Viewing X to Y of Z deals' (SPEC §2). An empty list reads 0 to 0. */
export function viewingRange(page: number, pageSize: number, total: number): { from: number; to: number; total: number } {
  if (total <= 0) return { from: 0, to: 0, total: 0 };
  const from = Math.min((page - 1) * pageSize + 1, total);
  const to = Math.min(page * pageSize, total);
  return { from, to, total };
}

export function viewingText(page: number, pageSize: number, total: number): string {
  const r = viewingRange(page, pageSize, total);
  return `Viewing ${r.from} to ${r.to} of ${r.total} deals`;
}
