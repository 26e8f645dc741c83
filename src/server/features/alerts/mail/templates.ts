import { formatGBP } from '../../../../shared/domain/money.js';
import { listMailHeaders, type MailMessage } from '../../../services/mail.js';
import { type AlertLinks, unsubscribeApiUrl, unsubscribePageUrl } from '../presenter.js';

/**
 * The alert mails: one per deal (instant) or one digest a day (daily), each with a text and an HTML part (every value
 * HTML-escaped), absolute links, and the one-click unsubscribe of RFC 8058: `List-Unsubscribe` pointing at
 * POST /api/alerts/unsubscribe?token=... with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, plus a visible
 * link to the /alerts/unsubscribe page.
 */

/** A deal as a mail shows it. */
export interface MailDeal {
  id: number;
  title: string;
  /** Pounds; null when unknown (some scraped deals). */
  price: number | null;
  originalPrice: number | null;
  storeName: string;
  temperature: number;
  isExpired: boolean;
}

export interface AlertMailContext {
  to: string;
  username: string;
  alert: { id: number; query: string };
  links: AlertLinks;
  /** The outbox row and its key: a stable Message-ID, so a mail repeated after a crash can be recognised. */
  outboxId: number;
  dedupeKey: string;
}

/** The most deals one digest lists; the rest are counted. */
export const DIGEST_DEALS = 20;

export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const priceText = (price: number | null) => (price === null ? null : price === 0 ? 'FREE' : formatGBP(price));
const struck = (d: MailDeal) => d.originalPrice !== null && d.price !== null && d.originalPrice > d.price;
const dealUrl = (links: AlertLinks, id: number) => `${links.publicUrl}/dealDetail/${id}`;
const temperatureText = (t: number) => `${t}°`;
/** Subjects stay short: a long title is cut with an ellipsis. */
const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

function dealLineText(d: MailDeal): string {
  const price = priceText(d.price);
  const parts = [
    price ? `${price}${struck(d) ? ` (was ${formatGBP(d.originalPrice as number)})` : ''}` : null,
    `at ${d.storeName}`,
    temperatureText(d.temperature),
  ];
  return parts.filter(Boolean).join(' ') + (d.isExpired ? ' (expired)' : '');
}

function dealBlockHtml(d: MailDeal, links: AlertLinks): string {
  const url = escapeHtml(dealUrl(links, d.id));
  const price = priceText(d.price);
  const priceHtml = price
    ? `<strong style="color:#15803d">${escapeHtml(price)}</strong>${struck(d) ? ` <s style="color:#6b7280">${escapeHtml(formatGBP(d.originalPrice as number))}</s>` : ''} `
    : '';
  return (
    `<p style="margin:0 0 4px"><a href="${url}" style="font-weight:bold;color:#111827">${escapeHtml(d.title)}</a></p>` +
    `<p style="margin:0 0 16px">${priceHtml}at ${escapeHtml(d.storeName)} · <span title="temperature">${escapeHtml(temperatureText(d.temperature))}</span>` +
    `${d.isExpired ? ' <em>(expired)</em>' : ''} · <a href="${url}">See the deal</a></p>`
  );
}

const headers = (ctx: AlertMailContext) =>
  listMailHeaders({
    publicUrl: ctx.links.publicUrl,
    kind: 'alert',
    outboxId: ctx.outboxId,
    dedupeKey: ctx.dedupeKey,
    unsubscribeUrl: unsubscribeApiUrl(ctx.links, ctx.alert.id),
  });

function footerText(ctx: AlertMailContext, why: string): string {
  return `--\n${why}\nUnsubscribe (pauses this alert): ${unsubscribePageUrl(ctx.links, ctx.alert.id)}\nManage your alerts: ${ctx.links.publicUrl}/alerts\n`;
}

function footerHtml(ctx: AlertMailContext, why: string): string {
  return (
    `<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0 12px">` +
    `<p style="font-size:12px;color:#6b7280">${escapeHtml(why)}<br>` +
    `<a href="${escapeHtml(unsubscribePageUrl(ctx.links, ctx.alert.id))}">Unsubscribe</a> (pauses this alert) · ` +
    `<a href="${escapeHtml(`${ctx.links.publicUrl}/alerts`)}">Manage your alerts</a></p>`
  );
}

const page = (body: string) =>
  `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.4;color:#111827">${body}</body></html>`;

/** One deal that matched an instant alert. */
export function instantAlertMail(ctx: AlertMailContext, deal: MailDeal): MailMessage {
  const price = priceText(deal.price);
  const subject = `New deal for "${cut(ctx.alert.query, 40)}": ${cut(deal.title, 90)}${price ? ` – ${price}` : ''}`;
  const why = `You get this mail because of your QuidsIn alert "${ctx.alert.query}" (a mail for each new deal).`;
  const text =
    `Hi ${ctx.username},\n\nA new deal matches your alert "${ctx.alert.query}":\n\n` +
    `${deal.title}\n${dealLineText(deal)}\nSee the deal: ${dealUrl(ctx.links, deal.id)}\n\n${footerText(ctx, why)}`;
  const html = page(
    `<p>Hi ${escapeHtml(ctx.username)},</p><p>A new deal matches your alert <strong>${escapeHtml(ctx.alert.query)}</strong>:</p>` +
      dealBlockHtml(deal, ctx.links) +
      footerHtml(ctx, why),
  );
  return { to: ctx.to, subject, text, html, headers: headers(ctx) };
}

/** A daily alert's digest: up to DIGEST_DEALS deals, newest first, and the count of the rest. */
export function digestAlertMail(ctx: AlertMailContext, deals: MailDeal[], more: number): MailMessage {
  const total = deals.length + more;
  const plural = total === 1 ? 'deal' : 'deals';
  const subject = `${total} new ${plural} for "${cut(ctx.alert.query, 60)}"`;
  const why = `You get this mail because of your QuidsIn alert "${ctx.alert.query}" (a daily digest).`;
  const searchUrl = `${ctx.links.publicUrl}/dealsBrowse?${new URLSearchParams({ search: ctx.alert.query })}`;
  const moreText = more > 0 ? `\n...and ${more} more: ${searchUrl}\n` : '';
  const text =
    `Hi ${ctx.username},\n\n${total} new ${plural} matched your alert "${ctx.alert.query}" since the last digest:\n\n` +
    deals.map((d, i) => `${i + 1}. ${d.title}\n   ${dealLineText(d)}\n   ${dealUrl(ctx.links, d.id)}\n`).join('\n') +
    `${moreText}\n${footerText(ctx, why)}`;
  const html = page(
    `<p>Hi ${escapeHtml(ctx.username)},</p><p>${total} new ${plural} matched your alert <strong>${escapeHtml(ctx.alert.query)}</strong> since the last digest:</p>` +
      deals.map((d) => dealBlockHtml(d, ctx.links)).join('') +
      (more > 0 ? `<p>…and <a href="${escapeHtml(searchUrl)}">${more} more</a>.</p>` : '') +
      footerHtml(ctx, why),
  );
  return { to: ctx.to, subject, text, html, headers: headers(ctx) };
}
