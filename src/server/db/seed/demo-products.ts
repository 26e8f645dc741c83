/**
 * The demo site's deals (DEMO_DATA), and, as templates, the bulk generator's (bench/generate.ts via DEMO_PRODUCTS).
 * Every deal names its shop; its link is on that shop's own site (demo.ts builds it from the store's url), except for
 * one-off merchants, which are filed under the "Other" store with their full link. Prices are what the product
 * actually sold for in UK deals of 2024; `was` is null when there is no honest original price (freebies, RRP-only).
 */
import type { DemoImageKind } from './demo-images.js';
import { OTHER_STORE_ID, STORES } from './reference-data.js';

/** Shops of the demo that are not reference stores: merchants with more than one demo deal. */
export const DEMO_STORES: Array<{ name: string; url: string }> = [
  { name: 'Sky', url: 'https://www.sky.com' },
  { name: 'Trainline', url: 'https://www.thetrainline.com' },
  { name: 'Steam', url: 'https://store.steampowered.com' },
  { name: 'Dunelm', url: 'https://www.dunelm.com' },
  { name: 'IKEA', url: 'https://www.ikea.com' },
  { name: 'Decathlon', url: 'https://www.decathlon.co.uk' },
];

export interface DemoDeal {
  title: string;
  categoryId: number;
  /** A reference store's or a DEMO_STORES name, or 'Other' (then `link` is the full URL). */
  store: string;
  /** £; 0 = free. */
  price: number;
  /** £, the honest original price, or null. */
  was: number | null;
  kind: DemoImageKind;
  coupon?: string;
  /** Only for the Other store: the one-off merchant's page. Other stores get a product link on their own site. */
  link?: string;
}

const deal = (
  title: string,
  categoryId: number,
  store: string,
  price: number,
  was: number | null,
  kind: DemoImageKind,
  extra: Partial<DemoDeal> = {},
): DemoDeal => ({
  title,
  categoryId,
  store,
  price,
  was,
  kind,
  ...extra,
});
const other = (title: string, categoryId: number, link: string, price: number, was: number | null, kind: DemoImageKind, extra: Partial<DemoDeal> = {}) =>
  deal(title, categoryId, 'Other', price, was, kind, { link, ...extra });

export const DEMO_DEALS: DemoDeal[] = [
  // Electronics (1)
  deal('Samsung 55" QE55Q60D QLED 4K Smart TV', 1, 'Currys', 449, 699, 'tv'),
  deal('LG 65" OLED65B4 4K OLED TV', 1, 'John Lewis', 1099, 1699, 'tv'),
  deal('Sony WH-1000XM5 Noise Cancelling Headphones', 1, 'Amazon UK', 249, 379, 'headphones'),
  deal('Apple AirPods Pro (2nd generation) USB-C', 1, 'Argos', 189, 229, 'earbuds'),
  deal('Amazon Echo Dot (5th Gen) Smart Speaker', 1, 'Amazon UK', 21.99, 54.99, 'orb-speaker'),
  deal('Google Pixel 8a 128GB Unlocked', 1, 'Very', 349, 499, 'phone'),
  deal('Samsung Galaxy S24 256GB', 1, 'Currys', 649, 859, 'phone'),
  deal('JBL Flip 6 Portable Bluetooth Speaker', 1, 'Amazon UK', 79.99, 129.99, 'speaker'),
  deal('Anker 737 Power Bank 24,000mAh', 1, 'Amazon UK', 69.99, 109.99, 'battery', { coupon: 'ANKER737' }),
  deal('Ring Video Doorbell (2nd Gen)', 1, 'Argos', 49.99, 99.99, 'doorbell'),
  deal('Kindle Paperwhite 16GB', 1, 'Amazon UK', 119.99, 159.99, 'tablet'),
  deal('Bose QuietComfort Ultra Earbuds', 1, 'John Lewis', 229, 299.95, 'earbuds'),
  deal('Sonos Era 100 Smart Speaker', 1, 'Currys', 199, 249, 'speaker'),
  deal('Panasonic Lumix G100 Mirrorless Camera with 12-32mm Lens', 1, 'eBay UK', 399, 599, 'camera'),
  deal('Apple iPhone 13 128GB Refurbished (Excellent)', 1, 'eBay UK', 329, 429, 'phone'),
  // Computers (2)
  deal('Apple MacBook Air 13" M3 256GB', 2, 'John Lewis', 899, 1099, 'laptop'),
  deal('Lenovo IdeaPad Slim 5 16" Ryzen 7 16GB/512GB', 2, 'Currys', 549, 749, 'laptop'),
  deal('Logitech MX Master 3S Wireless Mouse', 2, 'Amazon UK', 69.99, 99.99, 'mouse'),
  deal('Samsung 990 PRO 2TB NVMe SSD', 2, 'Amazon UK', 139.99, 219.99, 'chip'),
  deal('ASUS TUF Gaming VG27AQ3A 27" 180Hz Monitor', 2, 'Very', 169, 249, 'monitor'),
  deal('HP DeskJet 2820e All-in-One Printer', 2, 'Argos', 34.99, 59.99, 'printer'),
  deal('Crucial 32GB (2x16GB) DDR5 5600 RAM Kit', 2, 'Amazon UK', 84.99, 119.99, 'chip'),
  deal('Apple iPad 10.9" (10th gen) 64GB Wi-Fi', 2, 'Argos', 299, 349, 'tablet'),
  deal('Keychron K2 Wireless Mechanical Keyboard', 2, 'Amazon UK', 74.99, 99.99, 'keyboard', { coupon: 'KEYS10' }),
  deal('Dell 24" P2425H IPS Monitor', 2, 'eBay UK', 119, 189, 'monitor'),
  // Gaming (3)
  deal('PlayStation 5 Slim Disc Console', 3, 'Game', 399.99, 479.99, 'console'),
  deal('Xbox Series S 512GB', 3, 'Argos', 199, 249.99, 'console'),
  deal('Nintendo Switch OLED Mario Kart 8 Deluxe Bundle', 3, 'Currys', 279, 329.99, 'handheld'),
  deal('EA Sports FC 25 (PS5)', 3, 'Zavvi', 29.99, 69.99, 'game'),
  deal('The Legend of Zelda: Tears of the Kingdom (Switch)', 3, 'Game', 39.99, 59.99, 'game'),
  deal('DualSense Wireless Controller Midnight Black', 3, 'Amazon UK', 44.99, 64.99, 'gamepad'),
  deal('Meta Quest 3S 128GB', 3, 'Currys', 249, 289.99, 'vr'),
  deal('Steam Deck LCD 256GB', 3, 'Steam', 279, 349, 'handheld'),
  deal('Cyberpunk 2077 (PC) in the Steam sale', 3, 'Steam', 17.99, 49.99, 'game'),
  deal('Elden Ring Shadow of the Erdtree Edition (PS5)', 3, 'Zavvi', 34.99, 59.99, 'game', { coupon: 'ZAVVI10' }),
  deal('Xbox Wireless Controller Carbon Black', 3, 'Very', 39.99, 54.99, 'gamepad'),
  // Home & Garden (4)
  deal('Ninja Foodi Dual Zone Air Fryer AF300UK 7.6L', 4, 'Amazon UK', 119, 199.99, 'air-fryer'),
  deal('Dyson V11 Absolute Cordless Vacuum', 4, 'John Lewis', 399, 599.99, 'vacuum'),
  deal('Shark Anti Hair Wrap Cordless Vacuum IZ202UK', 4, 'Very', 199, 349.99, 'vacuum'),
  deal("De'Longhi Magnifica S Bean to Cup Coffee Machine", 4, 'Amazon UK', 249, 399.99, 'coffee-machine'),
  deal('Le Creuset 24cm Signature Cast Iron Casserole', 4, 'John Lewis', 199, 285, 'pot'),
  deal('Russell Hobbs Honeycomb Kettle', 4, 'Argos', 24.99, 39.99, 'kettle'),
  deal('Tower 5 Piece Non-Stick Pan Set', 4, 'ASDA', 30, 60, 'pan'),
  deal('Philips Hue White and Colour Starter Kit E27', 4, 'Currys', 99.99, 159.99, 'bulb'),
  deal('Ninja Creami Ice Cream Maker NC300UK', 4, 'Argos', 149, 199.99, 'air-fryer'),
  deal('Dyson V8 Cordless Vacuum Refurbished', 4, 'eBay UK', 169.99, 249.99, 'vacuum'),
  // Clothing & Accessories (5)
  deal("Levi's 501 Original Fit Jeans", 5, 'Amazon UK', 45, 100, 'jeans'),
  deal('The North Face 1996 Retro Nuptse Jacket', 5, 'eBay UK', 199, 300, 'jacket'),
  deal('Adidas Samba OG Trainers', 5, 'Sports Direct', 79.99, 100, 'trainer'),
  deal("Regatta Men's Birchdale Waterproof Jacket", 5, 'Amazon UK', 27.5, 70, 'jacket'),
  deal('Nike Dri-FIT Legend Training T-Shirt', 5, 'Sports Direct', 12.99, 25, 'tshirt'),
  deal('M&S Stormwear Lightweight Padded Jacket', 5, 'Marks & Spencer', 35, 69, 'jacket'),
  deal('Dr. Martens 1460 Smooth Leather Boots', 5, 'eBay UK', 109, 170, 'boot'),
  // Beauty & Health (6)
  deal('Oral-B iO Series 5 Electric Toothbrush', 6, 'Boots', 79.99, 200, 'toothbrush'),
  deal('Philips OneBlade Pro 360 Face and Body', 6, 'Amazon UK', 44.99, 74.99, 'shaver'),
  deal('CeraVe Moisturising Cream 454g', 6, 'Boots', 13.5, 19.5, 'jar'),
  deal('Clinique Moisture Surge 100H 75ml', 6, 'Boots', 28, 40, 'jar'),
  deal('Braun Silk-épil 9 Epilator', 6, 'Amazon UK', 89.99, 179.99, 'shaver'),
  deal('No7 Protect & Perfect Intense Advanced Serum 30ml', 6, 'Boots', 25.5, 37.95, 'bottle', { coupon: 'NO7TEN' }),
  deal('GHD Platinum+ Hair Straightener', 6, 'John Lewis', 179, 249, 'straightener'),
  // Toys & Kids (7)
  deal('LEGO Star Wars Millennium Falcon 75375', 7, 'Argos', 64.99, 84.99, 'bricks'),
  deal('LEGO Technic Ford GT 42154', 7, 'Amazon UK', 74.99, 99.99, 'bricks'),
  deal('Barbie Dreamhouse 2023', 7, 'Argos', 159.99, 249.99, 'house'),
  deal('Hot Wheels Ultimate Garage Playset', 7, 'ASDA', 69, 129, 'toy-car'),
  deal('Crayola Inspiration Art Case 140 Pieces', 7, 'Amazon UK', 17.99, 30, 'crayons'),
  deal('Squishmallows 12" Assorted', 7, 'Tesco', 10, 15, 'teddy'),
  deal('Tonies Toniebox Starter Set', 7, 'John Lewis', 69.99, 89.99, 'speaker'),
  deal('LEGO Classic Large Creative Brick Box 10698', 7, 'Tesco', 30, 45, 'bricks'),
  // Books & Media (8)
  deal('The Thursday Murder Club Paperback', 8, 'Amazon UK', 4.99, 9.99, 'book'),
  deal('Kindle Unlimited 3 Months Free', 8, 'Amazon UK', 0, null, 'tablet'),
  deal('Oppenheimer 4K Ultra HD Blu-ray', 8, 'Zavvi', 14.99, 29.99, 'disc'),
  deal('Atomic Habits Paperback', 8, 'Tesco', 8, 16.99, 'book'),
  deal('Dune: Part Two 4K Ultra HD Blu-ray', 8, 'Zavvi', 17.99, 29.99, 'disc'),
  deal('Fourth Wing Hardback', 8, "Sainsbury's", 9, 20, 'book'),
  // Food & Drink (9)
  other('Greggs Free Sausage Roll with the App', 9, 'https://www.greggs.co.uk/app', 0, null, 'food'),
  deal('Lindt Lindor Milk Chocolate Truffles 600g', 9, 'Amazon UK', 10, 18, 'chocolates'),
  deal('Pepsi Max 24 x 330ml Cans', 9, 'ASDA', 8.5, 13.5, 'cans'),
  deal('Bombay Sapphire Gin 1L', 9, "Sainsbury's", 22, 33, 'bottle'),
  deal('Starbucks by Nespresso Vertuo Pike Place Pods 8 x 8', 9, 'Amazon UK', 26, 40, 'mug'),
  other('HelloFresh 60% off Your First Box', 9, 'https://www.hellofresh.co.uk/plans', 15.99, 39.99, 'food', { coupon: 'HFWELCOME60' }),
  deal('Costa Coffee Signature Blend Beans 1kg', 9, 'Tesco', 9.5, 16, 'mug'),
  deal('Yorkshire Tea 240 Bags', 9, 'Tesco', 4.5, 7.5, 'mug'),
  // Travel (10)
  other('Eurostar London to Paris from £39 Each Way', 10, 'https://www.eurostar.com/uk-en/travel-info/journey/london-paris', 39, 78, 'train'),
  deal('Samsonite Cosmolite Spinner 55cm', 10, 'John Lewis', 179, 269, 'suitcase'),
  other('Premier Inn Rooms from £35 a Night in the Winter Sale', 10, 'https://www.premierinn.com/gb/en/offers.html', 35, 65, 'bed'),
  deal('16-25 Railcard £10 off', 10, 'Trainline', 25, 35, 'ticket', { coupon: 'RAILCARD10' }),
  deal('London to Manchester Advance Singles from £19.90', 10, 'Trainline', 19.9, 46, 'train'),
  deal('Cabin Max Metz 40x20x25cm Ryanair Backpack', 10, 'Amazon UK', 14.99, 29.99, 'backpack'),
  other('Jet2holidays £60pp off Summer Holidays', 10, 'https://www.jet2holidays.com/deals', 0, null, 'plane', { coupon: 'JET2SAVE60' }),
  // Sports & Outdoors (11)
  deal('Garmin Forerunner 265 GPS Running Watch', 11, 'Amazon UK', 299, 429.99, 'watch'),
  deal('Quechua MH100 4 Person Camping Tent', 11, 'Decathlon', 59.99, 89.99, 'tent'),
  deal('Yeti Rambler 20oz Tumbler', 11, 'John Lewis', 24, 35, 'bottle'),
  deal('Domyos 20kg Dumbbell Weight Training Kit', 11, 'Decathlon', 39.99, 59.99, 'dumbbell'),
  deal('Carrera Crossfuse Electric Mountain Bike', 11, 'Halfords', 1099, 1599, 'bike'),
  deal('Karrimor Mount Mid Walking Boots', 11, 'Sports Direct', 39.99, 90, 'boot'),
  deal('Fitbit Charge 6 Fitness Tracker', 11, 'Currys', 99, 139.99, 'watch'),
  // Automotive (12)
  deal('Michelin Pilot Sport 5 225/45 R17 Tyre', 12, 'Halfords', 104.99, 134.99, 'tyre'),
  deal('NOCO Boost Plus GB40 Jump Starter', 12, 'Amazon UK', 79.99, 119.99, 'battery'),
  deal('Halfords Advanced 200 Piece Socket Set', 12, 'Halfords', 75, 150, 'spanner'),
  deal('Nextbase 322GW Dash Cam', 12, 'Halfords', 79, 119, 'camera'),
  deal('Autoglym Perfect Polish 500ml', 12, 'Halfords', 8, 13.99, 'bottle'),
  // Services (13)
  other('TopCashback £10 Welcome Bonus', 13, 'https://www.topcashback.co.uk/join', 0, null, 'card'),
  other('Octopus Energy £50 Credit When You Switch', 13, 'https://octopus.energy/help-and-faqs/articles/referrals', 0, null, 'bulb'),
  other('Disney+ Standard with Ads £1.99 a Month for 3 Months', 13, 'https://www.disneyplus.com/en-gb', 5.97, 14.97, 'tv'),
  other('Uber One 3 Months Free', 13, 'https://www.uber.com/gb/en/u/uber-one', 0, null, 'toy-car'),
  // Entertainment (14)
  other('Odeon Limitless Half Price First Month', 14, 'https://www.odeon.co.uk/limitless', 9.99, 19.99, 'ticket'),
  deal('Netflix Gift Card £25 for £20', 14, "Sainsbury's", 20, 25, 'card'),
  other('Spotify Premium 3 Months Free', 14, 'https://www.spotify.com/uk/premium', 0, null, 'headphones'),
  other('Merlin Annual Pass £50 off', 14, 'https://www.merlinannualpass.co.uk', 179, 229, 'ticket'),
  // Home Improvement (15)
  deal('Makita DHP482Z 18V Combi Drill Body Only', 15, 'Screwfix', 59.99, 89.99, 'drill'),
  deal('DeWalt DCD796D2 18V Brushless Combi Drill Kit', 15, 'Screwfix', 179.99, 259.99, 'drill'),
  deal('Dulux Easycare Washable & Tough Matt Paint 2.5L', 15, 'B&Q', 22, 32, 'paint'),
  deal('Karcher K4 Power Control Pressure Washer', 15, 'Amazon UK', 179, 299.99, 'hose'),
  deal('Bosch PSM 100 A Multi Sander', 15, 'B&Q', 45, 69, 'drill'),
  deal('Stanley FatMax 5m Tape Measure', 15, 'Screwfix', 9.99, 16.99, 'tape-measure'),
  // Office Supplies (16)
  deal('Argos Home Ergonomic Mesh Office Chair', 16, 'Argos', 79.99, 129.99, 'chair'),
  deal('Brother HL-L2350DW Mono Laser Printer', 16, 'Amazon UK', 99.99, 149.99, 'printer'),
  deal('Moleskine Classic Notebook Large Ruled', 16, 'John Lewis', 12.6, 21, 'notebook'),
  deal('FlexiSpot E5 Electric Standing Desk', 16, 'Amazon UK', 189, 329, 'desk'),
  // Groceries (17)
  deal('Lurpak Spreadable 1kg', 17, 'ASDA', 6.5, 9, 'basket'),
  deal('Fairy Platinum Plus Dishwasher Tablets 100 Pack', 17, 'Amazon UK', 17.5, 32, 'detergent'),
  deal('Andrex Supreme Quilts Toilet Roll 24 Pack', 17, 'Tesco', 14, 20, 'toilet-roll'),
  deal('Persil Non Bio Laundry Liquid 70 Washes', 17, "Sainsbury's", 10, 21, 'detergent'),
  deal('Strawberries 400g Pick of the Week', 17, 'Lidl', 1.49, 2.99, 'fruit'),
  deal('Free Lidl Plus Bakery Item When You Spend £10', 17, 'Lidl', 0, null, 'food'),
  // Health & Beauty (18)
  deal('Optimum Nutrition Gold Standard Whey 2.27kg', 18, 'Amazon UK', 59.99, 84.99, 'jar'),
  deal('Boots Vitamin D 25µg 90 Tablets', 18, 'Boots', 4, 6, 'pills'),
  deal('Philips Sonicare 3100 Electric Toothbrush', 18, 'Boots', 39.99, 89.99, 'toothbrush'),
  deal('Garnier Micellar Cleansing Water 700ml', 18, 'Tesco', 5.5, 9, 'bottle'),
  // Fashion & Accessories (19)
  deal('Ray-Ban Wayfarer Classic Sunglasses', 19, 'eBay UK', 89, 139, 'sunglasses'),
  deal('Casio G-Shock GA-2100 Watch', 19, 'Amazon UK', 74, 99, 'watch'),
  deal('Herschel Little America Backpack', 19, 'John Lewis', 65, 100, 'backpack'),
  deal('M&S Pure Cashmere Crew Neck Jumper', 19, 'Marks & Spencer', 59, 89, 'jumper'),
  // Culture & Leisure (20)
  other('National Trust Annual Membership 25% off', 20, 'https://www.nationaltrust.org.uk/membership', 67.5, 90, 'card'),
  other('Royal Academy Exhibition Tickets 2 for 1', 20, 'https://www.royalacademy.org.uk/exhibitions', 24, 48, 'ticket'),
  other('English Heritage Membership with a Free Guidebook', 20, 'https://www.english-heritage.org.uk/membership', 70, 76, 'card'),
  // Broadband & Phone Contracts (21)
  deal('Sky Broadband Superfast 61Mb £25 a Month', 21, 'Sky', 25, 35, 'router'),
  deal('Sky Mobile 30GB SIM £10 a Month', 21, 'Sky', 10, 15, 'sim'),
  other('Three 100GB SIM Only £10 a Month', 21, 'https://www.three.co.uk/store/sim-only', 10, 16, 'sim'),
  other('Vodafone Full Fibre 500 £28 a Month', 21, 'https://www.vodafone.co.uk/broadband', 28, 45, 'router'),
  // Home & Living (22)
  deal('KALLAX 4x4 Shelving Unit White', 22, 'IKEA', 85, 100, 'shelf'),
  deal('POÄNG Armchair Birch Veneer', 22, 'IKEA', 99, 130, 'armchair'),
  deal('Dunelm Thermal Blackout Eyelet Curtains 66x72', 22, 'Dunelm', 24, 40, 'curtains'),
  deal('Dunelm Hotel Cotton 230 Thread Count Duvet Set King', 22, 'Dunelm', 30, 45, 'bed'),
  deal('Yankee Candle Large Jar 623g', 22, 'Amazon UK', 15.99, 29.99, 'candle'),
  deal('Silentnight Memory Foam Mattress King', 22, 'Very', 349, 699, 'bed'),
  deal('Habitat Geometric Rug 160x230cm', 22, 'Argos', 55, 110, 'rug'),
  // Garden & Do It Yourself (23)
  deal('Bosch Rotak 36R Cordless Lawnmower', 23, 'B&Q', 249, 379, 'mower'),
  deal('Weber Spirit E-325 Gas Barbecue', 23, 'John Lewis', 549, 799, 'bbq'),
  deal('Flymo EasiStore 300R Electric Mower', 23, 'Argos', 99, 169, 'mower'),
  deal('Hozelock Auto Reel 30m Hose', 23, 'B&Q', 69, 119, 'hose'),
  deal('Ryobi ONE+ 18V Hedge Trimmer Kit', 23, 'Screwfix', 89.99, 139.99, 'hedge-trimmer'),
  // Family & Kids (24)
  deal('Joie i-Spin 360 i-Size Car Seat', 24, 'John Lewis', 239, 325, 'car-seat'),
  deal('Pampers Baby-Dry Nappies Size 4 Monthly Pack', 24, 'Amazon UK', 20, 38, 'basket'),
  deal('Silver Cross Pop Stroller', 24, 'Very', 139, 199, 'pram'),
  deal('Tommee Tippee Perfect Prep Machine', 24, 'Boots', 99, 149.99, 'baby-bottle'),
  // Other (25)
  deal('Duracell Plus AA Batteries 20 Pack', 25, 'Amazon UK', 9.99, 17.99, 'battery'),
  other('Moonpig £5 off Personalised Cards', 25, 'https://www.moonpig.com/uk/personalised-cards', 0, null, 'envelope', { coupon: 'MOONPIG5' }),
  other('Free Personalised Birthday Card for Students', 25, 'https://www.funkypigeon.com/student-discount', 0, null, 'gift'),
];

const referenceStoreId = new Map(STORES.map((s) => [s.name, s.id]));

/**
 * The bulk generator's templates: [title, categoryId, reference storeId, price £, original price £, coupon?]. Deals of
 * demo-only shops count as Other there; a deal without an original price uses its price.
 */
export type DemoProduct = [title: string, categoryId: number, storeId: number, price: number, originalPrice: number, coupon?: string];
export const DEMO_PRODUCTS: DemoProduct[] = DEMO_DEALS.map((d) => [
  d.title,
  d.categoryId,
  referenceStoreId.get(d.store) ?? OTHER_STORE_ID,
  d.price,
  d.was ?? d.price,
  d.coupon,
]);
