/**
 * Picks the best of the 25 categories (SPEC §3) for a scraped item from its title, the feed's own category labels and
 * its description. Keyword hits in the title weigh most; a feed label naming a category outright wins.
 */

export const OTHER_CATEGORY = 'Other';

/** Keywords per category name; multi-word keywords match as phrases, all on word boundaries. */
// biome-ignore format: a table, one category a line
export const CATEGORY_KEYWORDS: Record<string, string[]> = {
  Electronics: ['tv', 'television', 'oled', 'qled', 'headphones', 'earbuds', 'airpods', 'speaker', 'soundbar', 'camera', 'smartphone', 'iphone', 'galaxy', 'pixel', 'tablet', 'ipad', 'kindle', 'smartwatch', 'charger', 'power bank', 'bluetooth', 'hdmi', 'usb-c', 'echo dot', 'alexa', 'drone', 'projector', 'hi-fi', 'turntable'],
  Computers: ['laptop', 'notebook pc', 'pc', 'desktop', 'computer', 'monitor', 'keyboard', 'mouse', 'ssd', 'hard drive', 'nvme', 'graphics card', 'gpu', 'rtx', 'radeon', 'ryzen', 'intel core', 'macbook', 'chromebook', 'printer', 'ram', 'ddr5', 'motherboard', 'webcam', 'router', 'mesh wifi', 'nas'],
  Gaming: ['ps5', 'ps4', 'playstation', 'xbox', 'nintendo', 'switch 2', 'switch oled', 'game', 'games', 'gaming', 'steam', 'controller', 'dualsense', 'console', 'vr headset', 'meta quest', 'dlc', 'game pass'],
  'Home & Garden': ['sofa', 'mattress', 'duvet', 'pillow', 'furniture', 'vacuum', 'hoover', 'dyson', 'air fryer', 'kettle', 'toaster', 'coffee machine', 'microwave', 'fridge', 'freezer', 'washing machine', 'dishwasher', 'lawn', 'mower', 'bbq', 'barbecue', 'garden furniture'],
  'Clothing & Accessories': ['jacket', 'coat', 't-shirt', 'shirt', 'jeans', 'trousers', 'dress', 'hoodie', 'jumper', 'trainers', 'shoes', 'boots', 'socks', 'backpack', 'wallet', 'sunglasses', 'gloves'],
  'Beauty & Health': ['perfume', 'fragrance', 'aftershave', 'eau de parfum', 'eau de toilette', 'skincare', 'moisturiser', 'serum', 'shampoo', 'conditioner', 'makeup', 'lipstick', 'mascara', 'razor', 'electric toothbrush', 'toothbrush', 'hair dryer', 'straightener', 'shaver'],
  'Toys & Kids': ['lego', 'toy', 'toys', 'doll', 'playmobil', 'jigsaw', 'puzzle', 'board game', 'nerf', 'barbie', 'hot wheels', 'play-doh', 'kids'],
  'Books & Media': ['book', 'books', 'ebook', 'audiobook', 'audible', 'paperback', 'hardback', 'blu-ray', '4k blu-ray', 'dvd', 'vinyl', 'cd', 'magazine', 'comic', 'novel'],
  'Food & Drink': ['food', 'drink', 'beer', 'lager', 'wine', 'prosecco', 'gin', 'whisky', 'vodka', 'rum', 'coffee', 'tea', 'chocolate', 'snack', 'snacks', 'pizza', 'burger', 'restaurant', 'takeaway', 'meal', 'cola', 'energy drink'],
  Travel: ['flight', 'flights', 'hotel', 'holiday', 'holidays', 'travel', 'train tickets', 'rail', 'railcard', 'airline', 'cruise', 'luggage', 'suitcase', 'eurostar', 'city break'],
  'Sports & Outdoors': ['bike', 'bicycle', 'cycling', 'running', 'fitness', 'gym', 'yoga', 'football', 'golf', 'tennis', 'camping', 'tent', 'hiking', 'dumbbell', 'dumbbells', 'treadmill', 'kayak', 'sleeping bag'],
  Automotive: ['car', 'tyre', 'tyres', 'dash cam', 'dashcam', 'engine oil', 'motor oil', 'jump starter', 'car wash', 'vehicle', 'motorbike', 'wiper blades'],
  Services: ['insurance', 'subscription', 'membership', 'vpn', 'cashback', 'bank account', 'switching bonus', 'energy tariff', 'recovery cover', 'mot'],
  Entertainment: ['netflix', 'disney+', 'spotify', 'cinema', 'concert', 'streaming', 'film', 'movie', 'prime video', 'now tv', 'festival', 'gig'],
  'Home Improvement': ['drill', 'impact driver', 'tool', 'tools', 'tool kit', 'screwdriver', 'paint', 'ladder', 'saw', 'dewalt', 'makita', 'ryobi', 'milwaukee', 'workbench', 'socket set'],
  'Office Supplies': ['office', 'desk', 'office chair', 'stationery', 'pens', 'paper', 'notebook', 'ink', 'toner', 'stapler', 'envelopes', 'label maker', 'shredder'],
  Groceries: ['grocery', 'groceries', 'supermarket', 'clubcard', 'nectar', 'milk', 'bread', 'eggs', 'cereal', 'washing up liquid', 'detergent', 'washing powder', 'fabric conditioner', 'toilet roll', 'nappies', 'pasta'],
  'Health & Beauty': ['vitamins', 'supplement', 'supplements', 'protein', 'whey', 'paracetamol', 'ibuprofen', 'contact lenses', 'first aid', 'sunscreen', 'sun cream', 'spf', 'hand sanitiser'],
  'Fashion & Accessories': ['fashion', 'jewellery', 'necklace', 'bracelet', 'earrings', 'handbag', 'watch', 'designer', 'ring'],
  'Culture & Leisure': ['museum', 'theatre', 'zoo', 'theme park', 'exhibition', 'gallery', 'attraction', 'day out', 'merlin', 'aquarium'],
  'Broadband & Phone Contracts': ['broadband', 'fibre', 'full fibre', 'sim only', 'sim', 'contract', 'airtime', 'mobile plan', 'unlimited data', 'giffgaff', 'vodafone', 'ee', 'o2', 'three', 'bt', 'sky', 'virgin media', 'lebara', 'smarty', 'voxi'],
  'Home & Living': ['bedding', 'towel', 'towels', 'candle', 'lamp', 'lighting', 'rug', 'curtains', 'cookware', 'frying pan', 'saucepan', 'cutlery', 'storage box', 'home decor', 'mirror', 'bed sheets'],
  'Garden & Do It Yourself': ['diy', 'shed', 'fence', 'compost', 'seeds', 'hose', 'pressure washer', 'strimmer', 'hedge trimmer', 'patio', 'planter', 'garden'],
  'Family & Kids': ['pram', 'pushchair', 'car seat', 'nursery', 'family', 'school', 'baby monitor', 'high chair', 'baby', 'toddler'],
  Other: [],
};

const normaliseLabel = (s: string) =>
  s
    .toLowerCase()
    .replace(/\band\b/g, '&')
    .replace(/[^a-z0-9&]+/g, ' ')
    .trim();

function escapeRe(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const KEYWORD_RES: Array<[string, RegExp]> = Object.entries(CATEGORY_KEYWORDS).map(([name, words]) => [
  name,
  new RegExp(`(?<![a-z0-9])(?:${words.length ? words.map(escapeRe).join('|') : '(?!)'})(?![a-z0-9])`, 'gi'),
]);

const countHits = (re: RegExp, s: string) => (s ? (s.match(re) ?? []).length : 0);

/** The category name (one of the keys above) that best fits; 'Other' when nothing matches. */
export function bestCategory(input: { title: string; description?: string; labels?: string[] }, available?: ReadonlySet<string>): string {
  const labels = (input.labels ?? []).map(normaliseLabel);
  const description = (input.description ?? '').slice(0, 2000);
  let best = OTHER_CATEGORY;
  let bestScore = 0;
  for (const [name, re] of KEYWORD_RES) {
    if (name === OTHER_CATEGORY || (available && !available.has(name))) continue;
    let score = 3 * countHits(re, input.title) + countHits(re, description);
    for (const label of labels) {
      if (label === normaliseLabel(name)) score += 10;
      else score += 2 * countHits(re, label);
    }
    if (score > bestScore) [best, bestScore] = [name, score];
  }
  return best;
}
