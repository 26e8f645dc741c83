/**
 * What the demo's members say: deal descriptions and comment threads that read like people on a UK deal site. The
 * pools are picked by what the deal is (free, with a code, hot, cold, expired, its category), so a freebie never gets
 * "price matched at John Lewis" and a question gets an answer that fits it.
 */

/** A sentence or two per category, about the kind of thing, never about one product's specs. */
export const CATEGORY_NOTES: Record<number, string[]> = {
  1: ['Comes with the standard two year manufacturer warranty.', 'Price matched by a couple of other retailers if you would rather buy elsewhere.'],
  2: ['Handy upgrade for working from home.', 'Reviews are solid and returns are free if it is not for you.'],
  3: ['Physical copy, so you can trade it in when you are done.', 'Cheapest it has been since launch according to the price trackers.'],
  4: ['Free delivery, or click and collect from most stores.', 'Lovely bit of kit for the kitchen at this price.'],
  5: ['Most sizes still in stock when posted.', 'Free returns if the size is not right.'],
  6: ['Boots Advantage Card points on top.', 'Usually only this price in the big sales.'],
  7: ['Worth grabbing now and hiding until Christmas.', 'Age guidance is on the box, ours loved it.'],
  8: ['Good one for the holidays.', 'Lowest price I can find for this edition.'],
  9: ['Limited time, so stock up while it lasts.', 'Check the best-before dates if you are buying a lot.'],
  10: ['Limited availability on the cheapest dates, so be flexible.', 'Prices shown are per person.'],
  11: ['Good reviews from people who actually use it week in, week out.', 'Decent saving on something that rarely drops.'],
  12: ['Fitting available in store for a small extra charge.', 'Halfords motoring club members get a bit extra off.'],
  13: ['New customers only, terms apply.', 'Takes a couple of minutes to sign up.'],
  14: ['Works out much cheaper than paying on the door.', 'New members only.'],
  15: ['Trade counter pick-up in most stores within the hour.', 'Batteries not included where it says body only.'],
  16: ['Great for the home office.', 'Assembly is straightforward, about half an hour.'],
  17: ['Price in store and online.', 'Cheaper per unit than the usual multipacks.'],
  18: ['Three for two across the range too.', 'Subscribe and save knocks a bit more off.'],
  19: ["Genuine item, sold by the brand's own store.", 'Rarely discounted, so a good chance to grab one.'],
  20: ['Pays for itself after a couple of visits.', 'Book ahead at weekends.'],
  21: ['No upfront cost and the price is fixed for the contract.', 'Check availability at your postcode first.'],
  22: ['Arrives flat packed but goes together easily.', 'Free click and collect.'],
  23: ['Perfect timing before the summer.', 'Spare parts are easy to get hold of.'],
  24: ['Fits most prams and cars, check the list on the site.', 'A must-have with a new baby.'],
  25: ['Handy to have in the drawer.', 'Simple one, but a good saving.'],
};

export const GENERIC_NOTES = [
  'Lowest price I have seen for this.',
  'Stock looks limited, so be quick.',
  'Works out cheaper still with cashback.',
  'Price drops in the basket.',
  'Matches the best price online right now.',
  'Good reviews and easy returns.',
];

/** Top-level comments anyone might leave on a decent deal. */
export const GENERIC_TOP = [
  'Great price, thanks for posting!',
  'Heat added, just ordered one.',
  'Good spot, cheers.',
  'Been waiting for this to drop. In the basket now.',
  'Bought one last month at full price, gutted.',
  'Decent deal, though I think it went a bit lower on Black Friday.',
  'Ordered, thanks OP.',
  'Nice find, saved me a trip into town.',
  'Checked a few places and this is the best I can see.',
  'Cheers, exactly what I was after.',
];

/** A question and the answer someone gives it. */
export const GENERIC_QA: Array<[string, string]> = [
  ['Anyone know how long delivery is taking?', 'Ordered mine on Monday and it turned up Wednesday.'],
  ['Is click and collect available on this?', 'It was at my local store, ready the same afternoon.'],
  ['Is this cheaper anywhere else?', 'Had a look round, this is the lowest I can find at the moment.'],
  ['Worth it at this price?', 'Had mine about a year and no complaints at all.'],
  ['Does anyone know if this is the latest version?', 'Yes, it is the current one. The next model is not due until next year.'],
];

export const AGREE = [
  'Same here, mine arrived yesterday.',
  'Agreed, great value.',
  'Thanks, just grabbed one too.',
  'Can confirm, still working this morning.',
];

export const COUPON_TOP = ['Code worked for me, thanks!', 'Code knocked a bit more off, lovely.'];
export const COUPON_QA: Array<[string, string]> = [
  ['Code not working for me?', 'Worked for me just now. You need to be logged in, and it is one use per account.'],
];

export const FREE_TOP = ['Free is free, claimed. Thanks!', 'Worked fine, just had to sign in first.', 'Nice little freebie, cheers.'];
export const FREE_QA: Array<[string, string]> = [['Do you need a card on file for this?', 'I did, but you can cancel before it renews and pay nothing.']];

export const HOT_TOP = ['Best price I have seen on this, heat added.', 'Bought two, one for my mum!', 'Bargain. Thanks for posting!'];
export const COLD_TOP = [
  'Not really a deal, it has been this price for weeks.',
  'Cold from me, it was cheaper last month.',
  'Honestly you can get better for the money.',
];
export const COLD_REPLY = ['Fair, but it is still below the usual price at most shops.', 'Depends what you compare it with, I think it is decent.'];

export const EXPIRED_LAST = [
  'Expired now, back to full price.',
  'Sold out unfortunately, missed it by an hour.',
  'Price has gone back up, can someone mark this expired?',
];

/** What the moderator says now and then. */
export const MOD_NOTES = ['Thanks for posting. Updated the title with the current price.', 'Please keep it friendly, folks. Vote cold if it is not for you.'];
