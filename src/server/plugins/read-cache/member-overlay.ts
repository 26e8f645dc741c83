/**
 * A member's answer to a deal list is the anonymous answer with their own state on each deal: `userVote` (only when
 * they voted +1 or -1) and `isSaved`, which the presenter (features/deals/presenter.ts) writes right after
 * `totalVotes` and right before `commentCount`. So the member's bytes are the anonymous bytes with a few characters
 * inserted before each deal's `,"commentCount":` key, and the cached anonymous page serves members too without a
 * parse or a stringify per request (anonymous-cache.ts). Every other field of the anonymous answer (e.g.
 * isLowestPrice) is kept as it is.
 *
 * Why the anchor is safe: inside a JSON string a quote is always written `\"`, so `,"commentCount":` can only be a
 * key; a template is made only when the page parses, no deal carries a viewer's state yet, and the key occurs exactly
 * once per deal, at the deal's top level. Anything else (another shape, a presenter that moved the keys) is not
 * overlaid: the member gets the uncached member path. member-overlay.api.test.ts compares the overlay with that path byte
 * for byte.
 */
export interface ViewerDealState {
  vote: number | null;
  saved: boolean;
}

/** The member's votes and saves on the given deals, in one query. */
export type MemberStates = (userId: number, dealIds: number[]) => Promise<Map<number, ViewerDealState>>;

export interface OverlayTemplate {
  body: Buffer;
  /** The page's deal ids, in order. */
  ids: number[];
  /** Byte offset of each deal's `,"commentCount":`, in the same order. */
  cuts: number[];
}

const ANCHOR = Buffer.from(',"commentCount":');

/** The answer parsed, with its deals: `{ success, data: Deal[] }` or `{ success, data: { deals: Deal[], ... } }`. */
function parseDeals(body: Buffer): { parsed: { data: unknown }; deals: unknown[] } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || (parsed as { success?: unknown }).success !== true) return undefined;
  const data = (parsed as { data?: unknown }).data;
  const deals = Array.isArray(data) ? data : typeof data === 'object' && data !== null ? (data as { deals?: unknown }).deals : undefined;
  return Array.isArray(deals) ? { parsed: parsed as { data: unknown }, deals } : undefined;
}

/** The six states there are (a vote only when +1 or -1), each one frozen object, shared by every caller. */
const STATES = new Map<string, ViewerDealState>();
export function normalState(s: ViewerDealState | undefined): ViewerDealState {
  const vote = s?.vote === 1 || s?.vote === -1 ? s.vote : null;
  const saved = s?.saved ?? false;
  const key = `${vote}|${saved}`;
  let out = STATES.get(key);
  if (!out) {
    out = Object.freeze({ vote, saved });
    STATES.set(key, out);
  }
  return out;
}

/** Where each deal's state goes in an anonymous list answer, or undefined when the answer cannot be overlaid. */
export function overlayTemplate(body: Buffer): OverlayTemplate | undefined {
  const deals = parseDeals(body)?.deals;
  if (!deals) return undefined;
  const ids: number[] = [];
  for (const deal of deals) {
    if (typeof deal !== 'object' || deal === null) return undefined;
    const d = deal as Record<string, unknown>;
    if (typeof d.id !== 'number' || !('commentCount' in d) || 'userVote' in d || 'isSaved' in d) return undefined;
    ids.push(d.id);
  }
  const cuts: number[] = [];
  for (let at = body.indexOf(ANCHOR); at !== -1; at = body.indexOf(ANCHOR, at + ANCHOR.length)) cuts.push(at);
  if (cuts.length !== ids.length) return undefined;
  return { body, ids, cuts };
}

/** The six possible insertions, each made once (on first use): exactly what JSON.stringify writes for the presenter's keys. */
const PIECES = new Map<ViewerDealState, Buffer>();

/** The state exactly as presentForViewer sets it: userVote only for +1/-1, isSaved false when not saved. */
function piece(state: ViewerDealState | undefined): Buffer {
  const s = normalState(state);
  let out = PIECES.get(s);
  if (!out) {
    out = Buffer.from(`${s.vote === null ? '' : `,"userVote":${s.vote}`},"isSaved":${s.saved}`);
    PIECES.set(s, out);
  }
  return out;
}

/** The member's answer: the template's bytes with each deal's state inserted. */
export function renderOverlay(template: OverlayTemplate, states: Map<number, ViewerDealState>): Buffer {
  const { body, ids, cuts } = template;
  const parts: Buffer[] = [];
  let from = 0;
  let length = body.length;
  for (let i = 0; i < cuts.length; i++) {
    const p = piece(states.get(ids[i]));
    parts.push(body.subarray(from, cuts[i]), p);
    length += p.length;
    from = cuts[i];
  }
  parts.push(body.subarray(from));
  return Buffer.concat(parts, length);
}

/**
 * The slow way, for an answer no template could be made of (never expected for the routes that opt in; logged by the
 * caller): parse, put the keys where the presenter puts them, stringify. `states` is asked for the page's deal ids.
 */
export async function overlayByParsing(body: Buffer, states: (ids: number[]) => Promise<Map<number, ViewerDealState>>): Promise<Buffer> {
  const page = parseDeals(body);
  if (!page) return body;
  const { parsed, deals } = page;
  const rows = deals.filter((d): d is Record<string, unknown> => typeof d === 'object' && d !== null);
  const byId = await states(rows.map((d) => Number(d.id)));
  const overlaid = rows.map((d) => {
    const s = normalState(byId.get(Number(d.id)));
    const vote = s.vote === null ? {} : { userVote: s.vote };
    const out: Record<string, unknown> = {};
    let placed = false;
    for (const [key, value] of Object.entries(d)) {
      if (key === 'userVote' || key === 'isSaved') continue;
      if (key === 'commentCount') {
        Object.assign(out, vote, { isSaved: s.saved });
        placed = true;
      }
      out[key] = value;
    }
    return placed ? out : Object.assign(out, vote, { isSaved: s.saved });
  });
  const data = parsed.data;
  const next = Array.isArray(data) ? { ...parsed, data: overlaid } : { ...parsed, data: { ...(data as object), deals: overlaid } };
  return Buffer.from(JSON.stringify(next));
}
