import { matchPage } from '../../../shared/pages.js';
import type { Db } from '../../db/connection.js';
import { findDealWithRefs } from '../deals/index.js';
import { isMember } from '../members/index.js';
import { storeExists } from '../stores/index.js';
import { hasCard } from './share-card.js';

/** A page's id as the web's page reads it (digits only), within the database's ids; 0 for none. */
export function pageId(raw: string): number {
  const n = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  return n <= 2_147_483_647 ? n : 0;
}

/** The deal a visitor may see at /dealDetail/{id}: active or expired (SPEC §6); undefined for any other. */
export async function publicDeal(db: Db, rawId: string) {
  const id = pageId(rawId);
  const deal = id > 0 ? await findDealWithRefs(db, id) : undefined;
  return hasCard(deal) ? deal : undefined;
}

/**
 * Whether the page at `pathname` shows something to a visitor. Not: a path no page has (the app draws its not-found
 * page), and the page of a deal, store or member that does not exist or that a visitor may not see (a pending,
 * rejected or deleted deal; an unverified account), which the web draws as not found. Those answer 404 so that
 * crawlers and link checkers take them for missing, with the same document: the app still runs in it, so a deal's
 * owner (whose token only the browser holds) still sees their pending deal.
 */
export async function pageExists(db: Db, pathname: string): Promise<boolean> {
  const page = matchPage(pathname);
  if (!page) return false;
  switch (page.path) {
    case '/dealDetail/:id':
      return (await publicDeal(db, page.params.id)) !== undefined;
    case '/stores/:id': {
      const id = pageId(page.params.id);
      return id > 0 && storeExists(db, id);
    }
    case '/members/:username':
      return isMember(db, page.params.username);
    default:
      return true;
  }
}
